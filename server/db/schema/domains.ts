// A buyer's own domains, the domains already linking to them (referents) and their competitors
// with the domains linking to those. They drive the catalogue's "already linked" and
// "competitors" columns.
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { importStatus } from './enums.ts';
import { files, users } from './users.ts';

export const buyerDomains = pgTable(
  'buyer_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
    referentsFileId: uuid('referents_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    referentsImportStatus: importStatus('referents_import_status'),
    referentsImportErrors: jsonb('referents_import_errors').$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('buyer_domains_user_hostname_key').on(t.userId, t.hostname)],
);

/** Domains that already link to a buyer domain. */
export const buyerDomainReferents = pgTable(
  'buyer_domain_referents',
  {
    buyerDomainId: uuid('buyer_domain_id')
      .notNull()
      .references(() => buyerDomains.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buyerDomainId, t.hostname] }),
    index('buyer_domain_referents_hostname_idx').on(t.hostname),
  ],
);

export const competitorGroups = pgTable(
  'competitor_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerDomainId: uuid('buyer_domain_id')
      .notNull()
      .references(() => buyerDomains.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    competitorsFileId: uuid('competitors_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    competitorsImportStatus: importStatus('competitors_import_status'),
    competitorsImportErrors: jsonb('competitors_import_errors').$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('competitor_groups_buyer_domain_id_idx').on(t.buyerDomainId)],
);

export const competitors = pgTable(
  'competitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => competitorGroups.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
  },
  (t) => [uniqueIndex('competitors_group_hostname_key').on(t.groupId, t.hostname)],
);

/** Domains that link to a competitor. */
export const competitorReferents = pgTable(
  'competitor_referents',
  {
    competitorId: uuid('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.competitorId, t.hostname] }),
    index('competitor_referents_hostname_idx').on(t.hostname),
  ],
);
