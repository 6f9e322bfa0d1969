// Marks on catalogue sites: favourites and the blacklist (spec §3 "Favourite items"), each either
// a buyer's own or shared with a company account, which every member who uses the catalogue sees
// (decision 207). Blacklisted sites are hidden from the catalogue unless asked for.
import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';

import { sites } from './catalogue.ts';
import { cascadingRef, createdAt } from './columns.ts';
import { companies, users } from './users.ts';

/** One row per user and site, gone with either; the site side is indexed for the catalogue. */
function siteMarks<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      userId: cascadingRef('user_id', () => users.id),
      siteId: cascadingRef('site_id', () => sites.id),
      createdAt: createdAt(),
    },
    (t) => [
      primaryKey({ columns: [t.userId, t.siteId] }),
      index(`${name}_site_id_idx`).on(t.siteId),
    ],
  );
}

export const favoriteSites = siteMarks('favorite_sites');

export const blacklistedSites = siteMarks('blacklisted_sites');

/**
 * One row per company and site, gone with either; who marked it stays while their user does. The
 * primary key serves the catalogue's lookup by company, the site index the site's deletion.
 */
function companySiteMarks<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      companyId: cascadingRef('company_id', () => companies.id),
      siteId: cascadingRef('site_id', () => sites.id),
      markedByUserId: uuid('marked_by_user_id').references(() => users.id, {
        onDelete: 'set null',
      }),
      createdAt: createdAt(),
    },
    (t) => [
      primaryKey({ columns: [t.companyId, t.siteId] }),
      index(`${name}_site_id_idx`).on(t.siteId),
    ],
  );
}

export const companyFavoriteSites = companySiteMarks('company_favorite_sites');

export const companyBlacklistedSites = companySiteMarks('company_blacklisted_sites');
