// Unread messages of the conversations on order items (decision 213), counted for one member:
// messages someone else wrote after the member's read mark. The conversation, the item lists and
// the order lists read them.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';

import type { Database } from './database.ts';
import { itemMessages, itemThreadReads, orderItems, orders } from './schema/index.ts';

/** A message `userId` has not read: someone else's, after their read mark (joined). */
function unreadBy(userId: string) {
  return and(
    eq(itemMessages.kind, 'message'),
    sql`${itemMessages.authorUserId} is distinct from ${userId}`,
    gt(itemMessages.seq, sql`coalesce(${itemThreadReads.readSeq}, 0)`),
  );
}

/**
 * The messages `userId` has not read, counted per item: written by someone else, after their read
 * mark. Limited to the given items, or to the orders of the given companies.
 */
export async function countUnread(
  db: Database,
  userId: string,
  scope: { itemIds: string[] } | { orderIds: string[] } | { companyIds: string[] },
): Promise<{ itemId: string; orderId: string; count: number }[]> {
  const where =
    'itemIds' in scope
      ? inArray(itemMessages.itemId, scope.itemIds)
      : 'orderIds' in scope
        ? inArray(orderItems.orderId, scope.orderIds)
        : inArray(orders.companyId, scope.companyIds);
  const ids = Object.values(scope)[0] as string[];
  if (ids.length === 0) return [];
  return db
    .select({
      itemId: itemMessages.itemId,
      orderId: orderItems.orderId,
      count: sql<number>`count(*)::int`,
    })
    .from(itemMessages)
    .innerJoin(orderItems, eq(orderItems.id, itemMessages.itemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(
      itemThreadReads,
      and(eq(itemThreadReads.itemId, itemMessages.itemId), eq(itemThreadReads.userId, userId)),
    )
    .where(and(where, unreadBy(userId)))
    .groupBy(itemMessages.itemId, orderItems.orderId);
}

/** Unread messages per item, for the item lists. */
export async function unreadByItem(
  db: Database,
  userId: string,
  itemIds: string[],
): Promise<Map<string, number>> {
  const rows = await countUnread(db, userId, { itemIds });
  return new Map(rows.map((row) => [row.itemId, row.count]));
}

/** Unread messages per order, for the order lists. */
export async function unreadByOrder(
  db: Database,
  userId: string,
  orderIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const row of await countUnread(db, userId, { orderIds })) {
    counts.set(row.orderId, (counts.get(row.orderId) ?? 0) + row.count);
  }
  return counts;
}

/** The ids of the orders with a message `userId` has not read, as a subquery. */
export function ordersWithUnread(db: Database, userId: string) {
  return db
    .selectDistinct({ id: orderItems.orderId })
    .from(itemMessages)
    .innerJoin(orderItems, eq(orderItems.id, itemMessages.itemId))
    .leftJoin(
      itemThreadReads,
      and(eq(itemThreadReads.itemId, itemMessages.itemId), eq(itemThreadReads.userId, userId)),
    )
    .where(unreadBy(userId));
}
