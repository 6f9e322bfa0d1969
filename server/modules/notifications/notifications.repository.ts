import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';

import type { UpdateNotificationPreferences } from '#contract/notifications.ts';
import type { OrderItemStatus } from '#contract/orders.ts';
import { type NotificationPreferences, withPreferenceDefaults } from '#contract/profile.ts';
import type { Database } from '#server/db/database.ts';
import { missingDetailsReminders, orderItems, orders, users } from '#server/db/schema/index.ts';

/**
 * Stores the preferences; a `link_issues` left out keeps the stored one (on when none is stored),
 * read and written in the one statement.
 */
export async function updatePreferences(
  db: Database,
  userId: string,
  { link_issues: linkIssues, ...rest }: UpdateNotificationPreferences,
): Promise<NotificationPreferences | null> {
  const stored = sql`coalesce((${users.notificationPreferences} ->> 'link_issues')::boolean, true)`;
  const [row] = await db
    .update(users)
    .set({
      notificationPreferences: sql`${JSON.stringify(rest)}::jsonb || jsonb_build_object('link_issues', ${
        linkIssues === undefined ? stored : sql`${linkIssues}::boolean`
      })`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ preferences: users.notificationPreferences });
  return row ? withPreferenceDefaults(row.preferences) : null;
}

/** The item statuses in which the next step is the buyer's (decision 076). */
export const WAITING_ON_BUYER: readonly OrderItemStatus[] = [
  'waiting_for_content',
  'topic_ready_for_approval',
  'content_ready_for_approval',
];

/**
 * Items waiting on their buyer since before `waitingSince`, of buyers who want the reminder
 * (a missing preference counts as wanted), oldest first.
 */
export async function findItemsWaitingOnBuyers(db: Database, waitingSince: Date) {
  return db
    .select({
      userId: orders.userId,
      email: users.email,
      firstName: users.firstName,
      orderId: orderItems.orderId,
      number: orderItems.number,
      status: orderItems.status,
      siteHostname: orderItems.siteHostname,
      isArticleProvidedByBuyer: orderItems.isArticleProvidedByBuyer,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        inArray(orderItems.status, [...WAITING_ON_BUYER]),
        lt(orderItems.statusChangedAt, waitingSince),
        sql`coalesce((${users.notificationPreferences} ->> 'missing_details_reminder')::boolean, true)`,
      ),
    )
    .orderBy(asc(orders.userId), asc(orderItems.statusChangedAt), asc(orderItems.number));
}

export type WaitingItem = Awaited<ReturnType<typeof findItemsWaitingOnBuyers>>[number];

/** Records today's reminder of the buyer; false when one was already recorded today. */
export async function claimReminder(
  tx: Database,
  reminder: { userId: string; remindedOn: string; itemCount: number },
): Promise<boolean> {
  const rows = await tx
    .insert(missingDetailsReminders)
    .values(reminder)
    .onConflictDoNothing()
    .returning({ userId: missingDetailsReminders.userId });
  return rows.length > 0;
}
