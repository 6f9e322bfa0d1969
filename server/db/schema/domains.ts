// A buyer's own domains, the domains already linking to them (referents) and their competitors
// with the domains linking to those. They drive the catalogue's "already linked" and
// "competitors" columns. Lists arrive as uploaded files; each upload is a file import, whose
// status the buyer follows (spec §3 "Import status", §4).
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';
import { importKind, importStatus, strategyRequestStatus } from './enums.ts';
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
    /** The latest upload of the referring-domain list, whatever its outcome. */
    referentsImportId: uuid('referents_import_id').references((): AnyPgColumn => fileImports.id, {
      onDelete: 'set null',
    }),
    /**
     * Set when the buyer deletes the domain: cart lines and orders still refer to it and show its
     * hostname, so the row stays; it leaves the buyer's lists, and adding the hostname again
     * brings it back.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
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
    /** The latest upload of the group's competitor file, whatever its outcome. */
    competitorsImportId: uuid('competitors_import_id').references(
      (): AnyPgColumn => fileImports.id,
      { onDelete: 'set null' },
    ),
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

/**
 * One upload of a list and its outcome. `errors` holds the spec's JSON strings (a message and
 * violations whose paths name the line and column). The subject is the buyer domain (referents)
 * or the competitor group (competitors) the list replaces when the import succeeds.
 */
export const fileImports = pgTable(
  'file_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: importKind('kind').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    buyerDomainId: uuid('buyer_domain_id').references((): AnyPgColumn => buyerDomains.id, {
      onDelete: 'cascade',
    }),
    competitorGroupId: uuid('competitor_group_id').references(
      (): AnyPgColumn => competitorGroups.id,
      { onDelete: 'cascade' },
    ),
    status: importStatus('status').notNull().default('pending'),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsImported: integer('rows_imported').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('file_imports_user_id_idx').on(t.userId)],
);

/** A buyer's request for a free link-building strategy for a domain. */
export const strategyRequests = pgTable(
  'strategy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
    description: text('description').notNull(),
    status: strategyRequestStatus('status').notNull().default('received'),
    createdAt: createdAt(),
  },
  (t) => [index('strategy_requests_user_created_idx').on(t.userId, t.createdAt)],
);
