import { and, eq } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import {
  admitEvents,
  countInWindow,
  deleteEvents,
  deleteEventsUpTo,
  type EventAdmission,
  type EventTable,
  type LimitedSubject,
} from '#server/db/event-window.ts';
import { loginFailures } from '#server/db/schema/index.ts';

export type FailureScope = (typeof loginFailures.$inferSelect)['scope'];

const failureEvents: EventTable = {
  table: loginFailures,
  id: loginFailures.id,
  scope: loginFailures.scope,
  subject: loginFailures.subject,
  at: loginFailures.failedAt,
  insert: async (db, rows) => {
    const inserted = await db
      .insert(loginFailures)
      .values(
        rows.map(({ scope, subject, at }) => ({
          scope: scope as FailureScope,
          subject,
          failedAt: at,
        })),
      )
      .returning({ id: loginFailures.id });
    return inserted.map(({ id }) => id);
  },
};

/**
 * Counts an attempt as a failure of each subject before its password is checked, unless a
 * subject has reached its limit (then the wait in ms and nothing counted).
 */
export function admitAttempt(
  db: Database,
  options: {
    subjects: (LimitedSubject & { scope: FailureScope })[];
    now: Date;
    windowMs: number;
  },
): Promise<EventAdmission> {
  return admitEvents(db, failureEvents, options);
}

/** The failures of an account (or address) inside the window ending at `now`. */
export function countFailures(
  db: Database,
  options: { scope: FailureScope; subject: string; now: Date; windowMs: number },
): Promise<number> {
  return countInWindow(db, failureEvents, options);
}

/** Removes the failures an admitted attempt counted (its password was right). */
export function deleteAttempt(db: Database, ids: number[]): Promise<void> {
  return deleteEvents(db, failureEvents, ids);
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
