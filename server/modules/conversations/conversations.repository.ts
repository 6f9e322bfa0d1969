// The conversations on order items (Drizzle only): entries and read marks. Unread counts are
// db/unread-messages.ts, which the order lists read too.
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import {
  files,
  itemMessages,
  itemThreadMails,
  itemThreadPublisherReads,
  itemThreadReads,
  orderItems,
  orders,
  users,
} from '#server/db/schema/index.ts';

export type EntryRow = typeof itemMessages.$inferSelect & { attachmentName: string | null };
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
  const rows = await db
    .select({ entry: itemMessages, attachmentName: files.fileName })
    .from(itemMessages)
    .leftJoin(files, eq(files.id, itemMessages.attachmentFileId))
    .where(eq(itemMessages.itemId, itemId))
    .orderBy(asc(itemMessages.seq));
  return rows.map(({ entry, attachmentName }) => ({ ...entry, attachmentName }));
}

/** Stores entries; `attachmentName` names an attached file in the answer. */
export async function insertEntries(
  db: Database,
  entries: NewEntry[],
  attachmentName: string | null = null,
): Promise<EntryRow[]> {
  if (entries.length === 0) return [];
  const rows = await db.insert(itemMessages).values(entries).returning();
  return rows.map((row) => ({ ...row, attachmentName }));
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

/**
 * Threads with publisher messages not mailed yet whose last mail went out at or before `cutoff`
 * (or never), oldest message first.
 */
export async function findThreadsToMail(
  db: Database,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ itemId: itemMessages.itemId })
    .from(itemMessages)
    .leftJoin(itemThreadMails, eq(itemThreadMails.itemId, itemMessages.itemId))
    .where(
      and(
        eq(itemMessages.kind, 'message'),
        eq(itemMessages.side, 'publisher'),
        gt(itemMessages.seq, sql`coalesce(${itemThreadMails.mailedSeq}, 0)`),
        or(isNull(itemThreadMails.mailedAt), lte(itemThreadMails.mailedAt, cutoff)),
      ),
    )
    .groupBy(itemMessages.itemId)
    .orderBy(sql`min(${itemMessages.seq})`)
    .limit(limit);
  return rows.map((row) => row.itemId);
}

export async function findThreadMail(db: Database, itemId: string) {
  const [row] = await db.select().from(itemThreadMails).where(eq(itemThreadMails.itemId, itemId));
  return row ?? null;
}

export async function saveThreadMail(
  db: Database,
  { itemId, mailedSeq, mailedAt }: { itemId: string; mailedSeq: number; mailedAt: Date },
): Promise<void> {
  await db
    .insert(itemThreadMails)
    .values({ itemId, mailedSeq, mailedAt })
    .onConflictDoUpdate({ target: itemThreadMails.itemId, set: { mailedSeq, mailedAt } });
}

/** Each given member's read mark in the thread (0 when they never opened it). */
export async function findReadSeqs(
  db: Database,
  itemId: string,
  userIds: string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: itemThreadReads.userId, readSeq: itemThreadReads.readSeq })
    .from(itemThreadReads)
    .where(and(eq(itemThreadReads.itemId, itemId), inArray(itemThreadReads.userId, userIds)));
  return new Map(rows.map((row) => [row.userId, row.readSeq]));
}
