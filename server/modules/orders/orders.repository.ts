// The buyer's orders: the list with its filter and sorting, one order, and what the list shows
// of each (live links, the latest credit note) (Drizzle only).
import { and, desc, eq, gte, inArray, lte, notInArray, type SQL, sql } from 'drizzle-orm';

import { hostnameSearchToAscii } from '#contract/idna.ts';
import type { Database } from '#server/db/database.ts';
import { containsPattern } from '#server/db/like-pattern.ts';
import { companiesHidingPricesFrom, companiesWhereUserCan } from '#server/db/memberships.ts';
import {
  companies,
  creditNotes,
  files,
  invoices,
  orderItems,
  orders,
  users,
} from '#server/db/schema/index.ts';
import { ordersWithUnread } from '#server/db/unread-messages.ts';

/** An order with its company's name, its buyer and its invoice (with the invoice's file). */
function orderQuery(db: Database) {
  return db
    .select({
      order: orders,
      companyTitle: companies.businessName,
      placedBy: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      invoice: {
        id: invoices.id,
        number: invoices.number,
        paymentStatus: invoices.paymentStatus,
        paymentMethod: invoices.paymentMethod,
        amount: invoices.amount,
        billingMonth: invoices.billingMonth,
        createdAt: invoices.createdAt,
        fileId: files.id,
        fileName: files.fileName,
      },
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(invoices, eq(invoices.id, orders.invoiceId))
    .leftJoin(files, eq(files.id, invoices.fileId));
}

/** One order, whoever's: its service checks the caller's role in its company. */
export async function findOrder(db: Database, orderId: string) {
  const [row] = await orderQuery(db).where(eq(orders.id, orderId));
  if (!row) return null;
  const live = await liveLinkCounts(db, [orderId]);
  return { ...row, liveLinks: live.get(orderId) ?? 0 };
}
export type OrderWithRefs = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The company and buyer of an order; null when there is no such order. */
export async function findOrderOwners(db: Database, orderId: string) {
  const [row] = await db
    .select({ companyId: orders.companyId, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
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

/** Per order: what its credit notes credited (cents) and how many of its items are cancelled. */
export async function creditsAndCancellations(db: Database, orderIds: string[]) {
  const facts = new Map<string, { creditedCents: number; cancelledLinks: number }>();
  if (orderIds.length === 0) return facts;
  const [credited, cancelled] = await Promise.all([
    db
      .select({
        orderId: creditNotes.orderId,
        cents: sql<string>`(sum(${creditNotes.amount}) * 100)::bigint::text`,
      })
      .from(creditNotes)
      .where(inArray(creditNotes.orderId, orderIds))
      .groupBy(creditNotes.orderId),
    db
      .select({ orderId: orderItems.orderId, n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.status, 'cancelled')))
      .groupBy(orderItems.orderId),
  ]);
  for (const id of orderIds) facts.set(id, { creditedCents: 0, cancelledLinks: 0 });
  for (const row of credited) {
    const entry = facts.get(row.orderId);
    if (entry) entry.creditedCents = Number(row.cents);
  }
  for (const row of cancelled) {
    const entry = facts.get(row.orderId);
    if (entry) entry.cancelledLinks = row.n;
  }
  return facts;
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
  /** Only orders with messages the user has not read (decision 213). */
  hasUnreadMessages?: boolean;
}

const SORT_COLUMNS = {
  number: sql`${orders.number}::bigint`,
  created_at: sql`${orders.createdAt}`,
  price: sql`${orders.price}`,
  status: sql`${orders.status}::text`,
} as const;

/**
 * The order's price as the user may know it (decision 206): null in a company that hides its
 * prices from them, so that neither a price filter nor the sorting by price tells it.
 */
function priceSeenBy(db: Database, userId: string): SQL {
  const hidden = companiesHidingPricesFrom(db, userId);
  return sql`(case when ${inArray(orders.companyId, hidden)} then null else ${orders.price} end)`;
}

/**
 * A page of the orders of the companies where the user's role reads orders, with the total
 * matching the filter.
 */
export async function findOrdersOfUser(
  db: Database,
  userId: string,
  filter: OrderListFilter,
  /** Column → direction, the first key sorting first. */
  sorting: Partial<Record<keyof typeof SORT_COLUMNS, 'ASC' | 'DESC'>>,
  page: { limit: number; offset: number },
) {
  const conditions: (SQL | undefined)[] = [
    inArray(orders.companyId, companiesWhereUserCan(db, userId, 'orders.read')),
  ];
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    // A name typed in Unicode is looked for as it is stored too: "münchen" as "xn--mnchen-3ya".
    const ascii = hostnameSearchToAscii(filter.search);
    const asciiHostname = ascii
      ? sql` or ${orderItems.siteHostname} ilike ${containsPattern(ascii)}`
      : sql``;
    // Item hostnames through their trigram index, then the buyer's orders among them.
    conditions.push(
      sql`(${orders.number} ilike ${pattern} or ${orders.poNumber} ilike ${pattern}
        or ${orders.id} in (select ${orderItems.orderId} from ${orderItems}
          where ${orderItems.siteHostname} ilike ${pattern}${asciiHostname}))`,
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
  if (filter.priceMin !== undefined || filter.priceMax !== undefined) {
    // Only orders whose price the user sees can be in a price range.
    conditions.push(notInArray(orders.companyId, companiesHidingPricesFrom(db, userId)));
  }
  if (filter.priceMin !== undefined) conditions.push(gte(orders.price, filter.priceMin));
  if (filter.priceMax !== undefined) conditions.push(lte(orders.price, filter.priceMax));
  if (filter.hasUnreadMessages) conditions.push(inArray(orders.id, ordersWithUnread(db, userId)));
  const where = and(...conditions);
  const columns = { ...SORT_COLUMNS, price: priceSeenBy(db, userId) };
  const order = [
    ...(Object.keys(sorting) as (keyof typeof SORT_COLUMNS)[]).map((column) =>
      sorting[column] === 'ASC' ? sql`${columns[column]} asc` : sql`${columns[column]} desc`,
    ),
    // Newest first; orders of the same instant by number.
    sql`${orders.createdAt} desc`,
    sql`${orders.number}::bigint desc`,
  ];
  const [rows, [count]] = await Promise.all([
    orderQuery(db)
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
