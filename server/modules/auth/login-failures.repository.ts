import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { loginFailures } from '../../db/schema/index.ts';

export type FailureScope = (typeof loginFailures.$inferSelect)['scope'];

/** When the n-th most recent failure after `since` happened, or null if there are fewer. */
export async function nthRecentFailureAt(
  db: Database,
  { scope, subject, since, n }: { scope: FailureScope; subject: string; since: Date; n: number },
): Promise<Date | null> {
  const [row] = await db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.scope, scope),
        eq(loginFailures.subject, subject),
        gt(loginFailures.failedAt, since),
      ),
    )
    .orderBy(desc(loginFailures.failedAt))
    .limit(1)
    .offset(n - 1);
  return row?.failedAt ?? null;
}

export async function insertFailures(
  db: Database,
  rows: { scope: FailureScope; subject: string; failedAt: Date }[],
): Promise<void> {
  await db.insert(loginFailures).values(rows);
}

export async function deleteFailuresUpTo(db: Database, cutoff: Date): Promise<void> {
  await db.delete(loginFailures).where(lte(loginFailures.failedAt, cutoff));
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
