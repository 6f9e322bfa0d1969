// A buyer's own marks on catalogue sites: favourites and the blacklist (spec §3 "Favourite
// items"). Blacklisted sites are hidden from the buyer's catalogue unless asked for.
import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';

import { sites } from './catalogue.ts';
import { cascadingRef, createdAt } from './columns.ts';
import { users } from './users.ts';

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
