// A buyer's own marks on catalogue sites: favourites and the blacklist (spec §3 "Favourite
// items"). Blacklisted sites are hidden from the buyer's catalogue unless asked for.
import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { sites } from './catalogue.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

export const favoriteSites = pgTable(
  'favorite_sites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.siteId] }),
    index('favorite_sites_site_id_idx').on(t.siteId),
  ],
);

export const blacklistedSites = pgTable(
  'blacklisted_sites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.siteId] }),
    index('blacklisted_sites_site_id_idx').on(t.siteId),
  ],
);
