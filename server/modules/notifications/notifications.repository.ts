import { and, asc, eq, exists, inArray, lt, sql } from 'drizzle-orm';

import type { UpdateNotificationPreferences } from '#contract/notifications.ts';
import type { OrderItemStatus } from '#contract/orders.ts';
import type { MemberRole } from '#contract/permissions.ts';
import { rolesWith } from '#contract/permissions.ts';
import { type NotificationPreferences, withPreferenceDefaults } from '#contract/profile.ts';
import type { Database } from '#server/db/database.ts';
import {
  accounts,
  missingDetailsReminders,
  orderItems,
  orders,
  users,
} from '#server/db/schema/index.ts';

/**
 * Stores the preferences; one a client left out (`link_issues`, `company_orders`,
 * `billing_documents`) keeps the stored one (its default when none is stored), read and written
 * in the one statement.
 */
export async function updatePreferences(
  db: Database,
  userId: string,
  preferences: UpdateNotificationPreferences,
  role: MemberRole,
): Promise<NotificationPreferences | null> {
  const given = Object.fromEntries(
    Object.entries(preferences).filter(([, value]) => value !== undefined),
  );
  const [row] = await db
    .update(users)
    .set({
      notificationPreferences: sql`${users.notificationPreferences} || ${JSON.stringify(given)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ preferences: users.notificationPreferences });
  return row ? withPreferenceDefaults(row.preferences, role) : null;
}

/** The item statuses in which the next step is the buyer's (decision 076). */
export const WAITING_ON_BUYER: readonly OrderItemStatus[] = [
  'waiting_for_content',
  'topic_ready_for_approval',
  'content_ready_for_approval',
];

/**
 * Items waiting on their buyer since before `waitingSince`, of buyers who want the reminder
 * (a missing preference counts as wanted) and who may still act on them: a member of the order's
 * company whose role holds items.act (decision 208); oldest first.
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
        exists(
          db
            .select({ one: sql`1` })
            .from(accounts)
            .where(
              and(
                eq(accounts.userId, orders.userId),
                eq(accounts.companyId, orders.companyId),
                inArray(accounts.role, [...rolesWith('items.act')]),
              ),
            ),
        ),
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
