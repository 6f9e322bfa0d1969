// Events counted in a sliding time window, one row per event, so that every API process sees the
// same counts (failed logins, mails requested by signed-out visitors; decisions 011 and 197).
// An event is admitted before the work it limits: one transaction holds a lock per subject,
// counts, and inserts the event, so a burst on any number of processes passes exactly the limit.
import { and, desc, eq, getTableName, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Database } from './database.ts';

/** A table of events: what is counted (scope), for whom (subject) and when (at). */
export interface EventTable {
  table: PgTable;
  id: PgColumn;
  scope: PgColumn;
  subject: PgColumn;
  at: PgColumn;
  /** Inserts the events and answers their ids. */
  insert(db: Database, rows: WindowEvent[]): Promise<number[]>;
}

export interface WindowEvent {
  scope: string;
  subject: string;
  at: Date;
}

/** A subject with its limit: at most `limit` events within the window. */
export interface LimitedSubject {
  scope: string;
  subject: string;
  limit: number;
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

/** The outcome of `admitEvents`: the ids of the counted events, or how long to wait (ms > 0). */
export type EventAdmission = { ids: number[]; waitMs: null } | { ids: null; waitMs: number };

/**
 * Counts an event for every subject at once, unless one of them has reached its limit (then
 * nothing is counted). The subjects' locks are held from the count to the insert, so concurrent
 * admissions for one subject take turns, in every process on the database.
 */
export async function admitEvents(
  db: Database,
  events: EventTable,
  { subjects, now, windowMs }: { subjects: LimitedSubject[]; now: Date; windowMs: number },
): Promise<EventAdmission> {
  return db.transaction(async (tx) => {
    await lockSubjects(tx, events, subjects);
    let until = 0;
    for (const { scope, subject, limit } of subjects) {
      until = Math.max(
        until,
        await blockedUntil(tx, events, { scope, subject, limit, now, windowMs }),
      );
    }
    const waitMs = until - now.getTime();
    if (waitMs > 0) return { ids: null, waitMs };
    const ids = await events.insert(
      tx,
      subjects.map(({ scope, subject }) => ({ scope, subject, at: now })),
    );
    return { ids, waitMs: null };
  });
}

/**
 * Transaction-scoped advisory locks, one per subject, taken in the order of their keys so two
 * admissions sharing two subjects cannot wait for each other.
 */
async function lockSubjects(
  tx: Database,
  events: EventTable,
  subjects: LimitedSubject[],
): Promise<void> {
  const table = getTableName(events.table);
  const names: SQL[] = subjects.map(({ scope, subject }) => sql`${`${table}|${scope}|${subject}`}`);
  await tx.execute(sql`
    select pg_advisory_xact_lock(ordered.key)
    from (
      select distinct hashtext(name) as key
      from unnest(array[${sql.join(names, sql`, `)}]::text[]) as name
      order by key
      offset 0
    ) as ordered`);
}

/** How many events of the subject are inside the window ending at `now`. */
export async function countInWindow(
  db: Database,
  events: EventTable,
  { scope, subject, now, windowMs }: Omit<WindowEvent, 'at'> & { now: Date; windowMs: number },
): Promise<number> {
  const since = new Date(now.getTime() - windowMs);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(events.table)
    .where(and(eq(events.scope, scope), eq(events.subject, subject), gt(events.at, since)));
  return row?.count ?? 0;
}

/** Removes the events with these ids (an attempt that turned out not to count). */
export async function deleteEvents(db: Database, events: EventTable, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(events.table).where(inArray(events.id, ids));
}

/** Removes the events that have left every window ending now. */
export async function deleteEventsUpTo(
  db: Database,
  events: EventTable,
  cutoff: Date,
): Promise<void> {
  await db.delete(events.table).where(lte(events.at, cutoff));
}
