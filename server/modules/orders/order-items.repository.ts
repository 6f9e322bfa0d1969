// Order items, the buyer's order list and the bookkeeping of the life cycle (Drizzle only).
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderItemStatus } from '../../../contract/orders.ts';
import { queryRows, type Database } from '../../db/database.ts';
import {
  companies,
  contentProductPlans,
  creditNotes,
  files,
  invoices,
  niches,
  orderItems,
  orders,
  users,
} from '../../db/schema/index.ts';

const articleFiles = alias(files, 'article_files');
const invoiceFiles = alias(files, 'invoice_files');

const itemViewColumns = {
  item: orderItems,
  order: {
    id: orders.id,
    number: orders.number,
    userId: orders.userId,
    paymentMethod: orders.paymentMethod,
    paymentStatus: orders.paymentStatus,
  },
  nicheTitle: niches.title,
  plan: {
    id: contentProductPlans.id,
    slug: contentProductPlans.slug,
    title: contentProductPlans.title,
    features: contentProductPlans.features,
    minWordsAmount: contentProductPlans.minWordsAmount,
    maxWordsAmount: contentProductPlans.maxWordsAmount,
    isMaxWordsAmountExceedAllowed: contentProductPlans.isMaxWordsAmountExceedAllowed,
  },
  articleFile: { id: articleFiles.id, fileName: articleFiles.fileName },
  invoice: {
    id: invoices.id,
    number: invoices.number,
    paymentStatus: invoices.paymentStatus,
    paymentMethod: invoices.paymentMethod,
    fileId: invoiceFiles.id,
    fileName: invoiceFiles.fileName,
  },
};

function itemViewQuery(db: Database) {
  return db
    .select(itemViewColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(niches, eq(niches.id, orderItems.nicheId))
    .leftJoin(contentProductPlans, eq(contentProductPlans.id, orderItems.contentProductPlanId))
    .leftJoin(articleFiles, eq(articleFiles.id, orderItems.articleFileId))
    .leftJoin(invoices, eq(invoices.id, orders.invoiceId))
    .leftJoin(invoiceFiles, eq(invoiceFiles.id, invoices.fileId));
}
export type ItemViewRow = Awaited<ReturnType<ReturnType<typeof itemViewQuery>['execute']>>[number];

export function findItemsOfOrder(
  db: Database,
  orderId: string,
  page: { limit: number; offset: number } | null,
) {
  const query = itemViewQuery(db)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position))
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export function findItemViews(db: Database, ids: string[]) {
  return itemViewQuery(db)
    .where(inArray(orderItems.id, ids))
    .orderBy(asc(orders.createdAt), asc(orders.number), asc(orderItems.position));
}

export async function countItemsOfOrder(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return row?.n ?? 0;
}

export async function orderBelongsTo(
  db: Database,
  orderId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row !== undefined;
}

/**
 * Locks the items (in id order, so that concurrent calls cannot deadlock) with what the life
 * cycle needs; only the buyer's own items when `userId` is given.
 */
export function lockItems(db: Database, ids: string[], userId: string | null) {
  return db
    .select({
      item: orderItems,
      order: {
        id: orders.id,
        userId: orders.userId,
        companyId: orders.companyId,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        priceWithVat: orders.priceWithVat,
        vatRateBasisPoints: orders.vatRateBasisPoints,
        invoiceId: orders.invoiceId,
      },
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(inArray(orderItems.id, ids), userId === null ? undefined : eq(orders.userId, userId)),
    )
    .orderBy(asc(orderItems.id))
    .for('update', { of: orderItems });
}
export type LockedItem = Awaited<ReturnType<typeof lockItems>>[number];

export async function findItemIdByNumberOrId(
  db: Database,
  reference: string,
): Promise<string | null> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reference);
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(isUuid ? eq(orderItems.id, reference) : eq(orderItems.number, reference));
  return row?.id ?? null;
}

/**
 * Locks the orders (in id order) after their items: their derived status, payment and credit
 * notes are then read and written by one call at a time.
 */
export async function lockOrders(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(orders.id))
    .for('update');
}

export async function findItem(db: Database, id: string) {
  const [row] = await db.select().from(orderItems).where(eq(orderItems.id, id));
  return row ?? null;
}

/** The item if it belongs to the buyer's orders. */
export async function findOwnItem(db: Database, id: string, userId: string) {
  const [row] = await db
    .select({ item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, id), eq(orders.userId, userId)));
  return row?.item ?? null;
}

export async function findItemIdsOfOrder(db: Database, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return rows.map((row) => row.id);
}

/** The items with their buyer, for mails. */
export function findItemsWithBuyer(db: Database, ids: string[]) {
  return db
    .select({ item: orderItems, userId: orders.userId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orderItems.id, ids));
}

/** An order and its items' numbers, hostnames and target URLs, for the order summary. */
export async function findOrderSummary(db: Database, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select({
      number: orderItems.number,
      siteHostname: orderItems.siteHostname,
      targetUrl: orderItems.targetUrl,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return { order, items };
}

/** Where a buyer's mail goes and which mails they want. */
export async function findRecipient(db: Database, userId: string) {
  const [row] = await db
    .select({ email: users.email, preferences: users.notificationPreferences })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function updateItem(
  db: Database,
  id: string,
  values: Partial<typeof orderItems.$inferInsert>,
): Promise<void> {
  await db.update(orderItems).set(values).where(eq(orderItems.id, id));
}

/** Every item status of the orders, for deriving their status. */
export async function itemStatusesOf(
  db: Database,
  orderIds: string[],
): Promise<Map<string, OrderItemStatus[]>> {
  const rows = await db
    .select({ orderId: orderItems.orderId, status: orderItems.status })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds));
  const byOrder = new Map<string, OrderItemStatus[]>();
  for (const row of rows) {
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row.status]);
  }
  return byOrder;
}

export async function updateOrder(
  db: Database,
  orderId: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<void> {
  await db.update(orders).set(values).where(eq(orders.id, orderId));
}

export async function updateInvoiceStatus(
  db: Database,
  invoiceId: string,
  paymentStatus: (typeof invoices.$inferInsert)['paymentStatus'],
): Promise<void> {
  await db.update(invoices).set({ paymentStatus }).where(eq(invoices.id, invoiceId));
}

/** What credit notes of the order have credited so far, in cents. */
export async function creditedCents(db: Database, orderId: string): Promise<number> {
  const [row] = await queryRows<{ cents: string }>(
    db,
    sql`select coalesce(sum(${creditNotes.amount}) * 100, 0)::bigint::text as cents
        from ${creditNotes} where ${creditNotes.orderId} = ${orderId}`,
  );
  return Number(row?.cents ?? '0');
}

export async function nextCreditNoteNumber(db: Database): Promise<string> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select nextval('credit_note_number_seq')::text as n`,
  );
  if (!row) throw new Error('No credit note number');
  return `CN-${row.n}`;
}

export async function insertCreditNote(db: Database, values: typeof creditNotes.$inferInsert) {
  const [row] = await db.insert(creditNotes).values(values).returning();
  if (!row) throw new Error('The credit note was not stored');
  return row;
}

/** Adds to the company's credits; answers the new balance. */
export async function creditCredits(
  db: Database,
  companyId: string,
  amount: string,
): Promise<string> {
  const [row] = await db
    .update(companies)
    .set({ creditsBalance: sql`${companies.creditsBalance} + ${amount}::numeric` })
    .where(eq(companies.id, companyId))
    .returning({ balance: companies.creditsBalance });
  if (!row) throw new Error('No company to credit');
  return row.balance;
}

/** Latest credit note of each order. */
export async function latestCreditNotes(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, CreditNoteRef>();
  const rows = await db
    .select({
      orderId: creditNotes.orderId,
      id: creditNotes.id,
      number: creditNotes.number,
      fileId: files.id,
      fileName: files.fileName,
    })
    .from(creditNotes)
    .leftJoin(files, eq(files.id, creditNotes.fileId))
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(desc(creditNotes.createdAt), desc(creditNotes.number));
  const latest = new Map<string, CreditNoteRef>();
  for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
  return latest;
}
export interface CreditNoteRef {
  id: string;
  number: string;
  fileId: string | null;
  fileName: string | null;
}

/** Live links per order. */
export async function liveLinkCounts(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ orderId: orderItems.orderId, n: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.status, 'live_link')))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((row) => [row.orderId, row.n]));
}

export interface OrderListFilter {
  search?: string;
  paymentStatus?: string[];
  status?: string[];
  company?: string[];
  priceMin?: string;
  priceMax?: string;
}

const SORT_COLUMNS = {
  number: sql`${orders.number}::bigint`,
  created_at: sql`${orders.createdAt}`,
  price: sql`${orders.price}`,
  status: sql`${orders.status}::text`,
} as const;

/** A page of the buyer's orders with the total matching the filter. */
export async function findOrdersOfUser(
  db: Database,
  userId: string,
  filter: OrderListFilter,
  sorting: [keyof typeof SORT_COLUMNS, 'ASC' | 'DESC'][],
  page: { limit: number; offset: number },
) {
  const conditions: (SQL | undefined)[] = [eq(orders.userId, userId)];
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    // Item hostnames through their trigram index, then the buyer's orders among them.
    conditions.push(
      sql`(${orders.number} ilike ${pattern} or ${orders.poNumber} ilike ${pattern}
        or ${orders.id} in (select ${orderItems.orderId} from ${orderItems}
          where ${orderItems.siteHostname} ilike ${pattern}))`,
    );
  }
  if (filter.paymentStatus?.length) {
    conditions.push(
      inArray(
        orders.paymentStatus,
        filter.paymentStatus as (typeof orders.$inferSelect)['paymentStatus'][],
      ),
    );
  }
  if (filter.status?.length) {
    conditions.push(
      inArray(orders.status, filter.status as (typeof orders.$inferSelect)['status'][]),
    );
  }
  if (filter.company?.length) conditions.push(inArray(orders.companyId, filter.company));
  if (filter.priceMin !== undefined) conditions.push(gte(orders.price, filter.priceMin));
  if (filter.priceMax !== undefined) conditions.push(lte(orders.price, filter.priceMax));
  const where = and(...conditions);
  const order = [
    ...sorting.map(([column, direction]) =>
      direction === 'ASC' ? sql`${SORT_COLUMNS[column]} asc` : sql`${SORT_COLUMNS[column]} desc`,
    ),
    // Newest first; orders of the same instant by number.
    sql`${orders.createdAt} desc`,
    sql`${orders.number}::bigint desc`,
  ];
  const [rows, [count]] = await Promise.all([
    db
      .select({
        order: orders,
        companyTitle: companies.businessName,
        invoice: {
          id: invoices.id,
          number: invoices.number,
          paymentStatus: invoices.paymentStatus,
          paymentMethod: invoices.paymentMethod,
          fileId: files.id,
          fileName: files.fileName,
        },
      })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(invoices, eq(invoices.id, orders.invoiceId))
      .leftJoin(files, eq(files.id, invoices.fileId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Items a publisher step may be due for: status changed at least `before` ago, oldest first. */
export function findItemsDueForPublisher(
  db: Database,
  statuses: readonly OrderItemStatus[],
  before: Date,
  limit: number,
) {
  return db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.status, [...statuses]),
        lte(orderItems.statusChangedAt, before),
        // A live link only has a step when the buyer asked for edits.
        sql`(${orderItems.status} <> 'live_link' or ${orderItems.isRequestedEdits})`,
        inArray(orders.paymentStatus, ['paid', 'approved']),
      ),
    )
    .orderBy(asc(orderItems.statusChangedAt), asc(orderItems.id))
    .limit(limit);
}
