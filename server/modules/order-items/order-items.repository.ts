// Order items and the bookkeeping of the life cycle (Drizzle only).
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { OrderItemStatus } from '#contract/orders.ts';
import type { Database } from '#server/db/database.ts';
import {
  contentProductPlans,
  creditNotes,
  files,
  invoices,
  linkChecks,
  linkIssues,
  linkMonitors,
  niches,
  orderItems,
  orders,
  users,
} from '#server/db/schema/index.ts';

const articleFiles = alias(files, 'article_files');
const invoiceFiles = alias(files, 'invoice_files');
const changers = alias(users, 'changers');

const itemViewColumns = {
  item: orderItems,
  order: {
    id: orders.id,
    number: orders.number,
    userId: orders.userId,
    companyId: orders.companyId,
    paymentMethod: orders.paymentMethod,
    paymentStatus: orders.paymentStatus,
  },
  changedBy: { id: changers.id, firstName: changers.firstName, lastName: changers.lastName },
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
  // The link's health (decision 140): its monitor, last check and open issue, joined once.
  linkMonitorItemId: linkMonitors.itemId,
  linkMonitorEndedAt: linkMonitors.endedAt,
  lastCheckedAt: linkChecks.checkedAt,
  lastCheckOutcome: linkChecks.outcome,
  openLinkIssueId: linkIssues.id,
};

function itemViewQuery(db: Database) {
  return (
    db
      .select(itemViewColumns)
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(niches, eq(niches.id, orderItems.nicheId))
      .leftJoin(contentProductPlans, eq(contentProductPlans.id, orderItems.contentProductPlanId))
      .leftJoin(articleFiles, eq(articleFiles.id, orderItems.articleFileId))
      .leftJoin(invoices, eq(invoices.id, orders.invoiceId))
      .leftJoin(invoiceFiles, eq(invoiceFiles.id, invoices.fileId))
      .leftJoin(changers, eq(changers.id, orderItems.lastChangedByUserId))
      .leftJoin(linkMonitors, eq(linkMonitors.itemId, orderItems.id))
      .leftJoin(linkChecks, eq(linkChecks.id, linkMonitors.lastCheckId))
      // At most one open issue per item (link_issues_open_item_key).
      .leftJoin(linkIssues, and(eq(linkIssues.itemId, orderItems.id), isNull(linkIssues.closedAt)))
  );
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

/**
 * Locks the items (in id order, so that concurrent calls cannot deadlock) with what the life
 * cycle needs, and their orders' buyer and company (whose members may act on them).
 */
export function lockItems(db: Database, ids: string[]) {
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
    .where(inArray(orderItems.id, ids))
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

/** The item with its order's buyer and company. */
export async function findItemWithOrder(db: Database, id: string) {
  const [row] = await db
    .select({ item: orderItems, order: { userId: orders.userId, companyId: orders.companyId } })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, id));
  return row ?? null;
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
    .select({ item: orderItems, userId: orders.userId, companyId: orders.companyId })
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

/**
 * A credit note with its order, the order's invoice and what the order's credit notes credited
 * in all (cents), for the mail that sends it.
 */
export async function findCreditNoteForMail(db: Database, creditNoteId: string) {
  const [row] = await db
    .select({
      note: creditNotes,
      order: orders,
      invoice: { number: invoices.number, amount: invoices.amount, month: invoices.billingMonth },
      creditedCents: sql<string>`(select (coalesce(sum(cn.amount), 0) * 100)::bigint::text
        from credit_notes cn where cn.order_id = ${orders.id})`,
    })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .leftJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(eq(creditNotes.id, creditNoteId));
  return row ?? null;
}

/** Who placed an order, as a mail to another member names them. */
export async function findPlacerName(db: Database, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

/** An invoice with the orders it bills, for the mail that announces it. */
export async function findInvoiceForMail(db: Database, invoiceId: string) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  const billed = await db
    .select({ id: orders.id, number: orders.number, userId: orders.userId })
    .from(orders)
    .where(eq(orders.invoiceId, invoiceId))
    .orderBy(asc(orders.number));
  return { invoice, orders: billed };
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
