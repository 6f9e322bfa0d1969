// The conversations on order items (Drizzle only): entries and read marks. Unread counts are
// db/unread-messages.ts, which the order lists read too.
import { and, asc, eq, gt, sql } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import {
  itemMessages,
  itemThreadPublisherReads,
  itemThreadReads,
  orderItems,
  orders,
  users,
} from '#server/db/schema/index.ts';

export type EntryRow = typeof itemMessages.$inferSelect;
export type NewEntry = Omit<typeof itemMessages.$inferInsert, 'id' | 'seq'>;

/** The item, its order's company and buyer, and its site: what deciding access needs. */
export async function findThreadItem(db: Database, itemId: string) {
  const [row] = await db
    .select({
      id: orderItems.id,
      number: orderItems.number,
      status: orderItems.status,
      siteHostname: orderItems.siteHostname,
      orderId: orders.id,
      companyId: orders.companyId,
      userId: orders.userId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, itemId));
  return row ?? null;
}
export type ThreadItem = NonNullable<Awaited<ReturnType<typeof findThreadItem>>>;

export async function findEntries(db: Database, itemId: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(itemMessages)
    .where(eq(itemMessages.itemId, itemId))
    .orderBy(asc(itemMessages.seq));
}

export async function insertEntries(db: Database, entries: NewEntry[]): Promise<EntryRow[]> {
  if (entries.length === 0) return [];
  return db.insert(itemMessages).values(entries).returning();
}

export async function findUserName(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : 'A member';
}

export async function findPublisherRead(db: Database, itemId: string) {
  const [row] = await db
    .select()
    .from(itemThreadPublisherReads)
    .where(eq(itemThreadPublisherReads.itemId, itemId));
  return row ?? null;
}

/** Moves the member's read mark forward to `readSeq` (never back). */
export async function markRead(
  db: Database,
  { userId, itemId, readSeq, at }: { userId: string; itemId: string; readSeq: number; at: Date },
): Promise<void> {
  await db
    .insert(itemThreadReads)
    .values({ userId, itemId, readSeq, readAt: at })
    .onConflictDoUpdate({
      target: [itemThreadReads.userId, itemThreadReads.itemId],
      set: { readSeq, readAt: at },
      setWhere: sql`${itemThreadReads.readSeq} < ${readSeq}`,
    });
}

/** Moves the publisher's read mark forward to `readSeq` (never back). */
export async function markPublisherRead(
  db: Database,
  { itemId, readSeq, at }: { itemId: string; readSeq: number; at: Date },
): Promise<void> {
  await db
    .insert(itemThreadPublisherReads)
    .values({ itemId, readSeq, readAt: at })
    .onConflictDoUpdate({
      target: itemThreadPublisherReads.itemId,
      set: { readSeq, readAt: at },
      setWhere: sql`${itemThreadPublisherReads.readSeq} < ${readSeq}`,
    });
}

/** Threads in which the buyer side wrote since the publisher last read, oldest first. */
export async function findThreadsAwaitingPublisher(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ itemId: itemMessages.itemId, first: sql<number>`min(${itemMessages.seq})` })
    .from(itemMessages)
    .leftJoin(itemThreadPublisherReads, eq(itemThreadPublisherReads.itemId, itemMessages.itemId))
    .where(
      and(
        eq(itemMessages.kind, 'message'),
        eq(itemMessages.side, 'buyer'),
        gt(itemMessages.seq, sql`coalesce(${itemThreadPublisherReads.readSeq}, 0)`),
      ),
    )
    .groupBy(itemMessages.itemId)
    .orderBy(sql`min(${itemMessages.seq})`)
    .limit(limit);
  return rows.map((row) => row.itemId);
}

/** Locks the item's row for the transaction: one answer of the publisher at a time. */
export async function lockThreadItem(tx: Database, itemId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${orderItems} where ${orderItems.id} = ${itemId} for update`);
}
