// Events counted in a sliding time window, one row per event, so that every API process sees the
// same counts (failed logins, mails requested by signed-out visitors; decision 011).
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Database } from './database.ts';

/** A table of events: what is counted (scope), for whom (subject) and when (at). */
export interface EventTable {
  table: PgTable;
  scope: PgColumn;
  subject: PgColumn;
  at: PgColumn;
}

/**
 * When (ms since the epoch) the subject may act again: the limit is reached while the limit-th
 * most recent event is inside the window, so the wait ends when that event leaves it. 0 when the
 * subject may act now.
 */
export async function blockedUntil(
  db: Database,
  events: EventTable,
  {
    scope,
    subject,
    limit,
    now,
    windowMs,
  }: {
    scope: string;
    subject: string;
    limit: number;
    now: Date;
    windowMs: number;
  },
): Promise<number> {
  const since = new Date(now.getTime() - windowMs);
  const [row] = await db
    .select({ at: events.at })
    .from(events.table)
    .where(and(eq(events.scope, scope), eq(events.subject, subject), gt(events.at, since)))
    .orderBy(desc(events.at))
    .limit(1)
    .offset(limit - 1);
  return row ? new Date(row.at as Date | string).getTime() + windowMs : 0;
}

/** Removes the events that have left every window ending now. */
export async function deleteEventsUpTo(
  db: Database,
  events: EventTable,
  cutoff: Date,
): Promise<void> {
  await db.delete(events.table).where(lte(events.at, cutoff));
}
