import { and, eq } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import { blockedUntil, deleteEventsUpTo, type EventTable } from '#server/db/event-window.ts';
import { loginFailures } from '#server/db/schema/index.ts';

export type FailureScope = (typeof loginFailures.$inferSelect)['scope'];

const failureEvents: EventTable = {
  table: loginFailures,
  scope: loginFailures.scope,
  subject: loginFailures.subject,
  at: loginFailures.failedAt,
};

/** When (ms) the subject may try again after `limit` failures in the window, or 0 for now. */
export function failuresBlockUntil(
  db: Database,
  options: { scope: FailureScope; subject: string; limit: number; now: Date; windowMs: number },
): Promise<number> {
  return blockedUntil(db, failureEvents, options);
}

export async function insertFailures(
  db: Database,
  rows: { scope: FailureScope; subject: string; failedAt: Date }[],
): Promise<void> {
  await db.insert(loginFailures).values(rows);
}

export function deleteFailuresUpTo(db: Database, cutoff: Date): Promise<void> {
  return deleteEventsUpTo(db, failureEvents, cutoff);
}

export async function deleteFailures(
  db: Database,
  scope: FailureScope,
  subject: string,
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.scope, scope), eq(loginFailures.subject, subject)));
}
