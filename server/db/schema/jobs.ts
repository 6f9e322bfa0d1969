// Background work: a queue of jobs claimed with FOR UPDATE SKIP LOCKED by the in-process workers
// of every API process, the schedules of recurring kinds, and the export tasks a buyer polls.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';
import { exportTaskStatus, jobStatus } from './enums.ts';
import { files, users } from './users.ts';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: jobStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A job retried after a failure waits until then; null: due at once. */
    runAfter: timestamp('run_after', { withTimezone: true }),
  },
  (t) => [
    // The worker's claim query: the oldest pending job.
    index('jobs_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // Stale-job recovery before every claim: the running jobs whose lease ran out (decision 195).
    index('jobs_processing_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * One row per recurring kind (decision 195): the last slot queued. A process queues a slot's job
 * only by moving `last_slot` forward in the same transaction, so each slot is queued once
 * whatever the number of processes.
 */
export const schedules = pgTable('schedules', {
  kind: text('kind').primaryKey(),
  lastSlot: timestamp('last_slot', { withTimezone: true }).notNull(),
  /** When the next slot falls, by the rule of the process that queued the last one. */
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A buyer's export of the catalogue to CSV (spec §3 "Export task"). */
export const exportTasks = pgTable(
  'export_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The list query (filter and sorting) as validated, and the chosen sites' `ids` if any. */
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    status: exportTaskStatus('status').notNull().default('pending'),
    progress: smallint('progress').notNull().default(0),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('export_tasks_user_id_idx').on(t.userId),
    check('export_tasks_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);
