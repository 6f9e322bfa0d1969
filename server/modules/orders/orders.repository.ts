import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.ts';
import {
  accounts,
  companies,
  countries,
  creditNotes,
  creditTransactions,
  files,
  invoices,
  orderItems,
  orders,
  users,
} from '../../db/schema/index.ts';

/** The companies the user may order for, current first. */
export function findCompaniesOfUser(db: Database, userId: string) {
  return db
    .select({
      id: companies.id,
      title: companies.businessName,
      isCurrent: accounts.isCurrent,
      contactEmail: companies.contactEmail,
      accountingEmail: companies.accountingEmail,
      vatNumber: companies.vatNumber,
      city: companies.city,
      zipCode: companies.zipCode,
      address: companies.address,
      addressExtra: companies.addressExtra,
      countryId: companies.countryId,
      countryTitle: countries.title,
      countryCode: countries.isoCode,
      isPayByBillAllowed: companies.isPayByBillAllowed,
      billLimit: companies.billLimit,
      creditsBalance: companies.creditsBalance,
    })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .leftJoin(countries, eq(countries.id, companies.countryId))
    .where(eq(accounts.userId, userId))
    .orderBy(sql`${accounts.isCurrent} desc`, asc(accounts.createdAt), asc(accounts.id));
}
export type CompanyRow = Awaited<ReturnType<typeof findCompaniesOfUser>>[number];

export async function findUserEmail(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export async function findCountryCode(db: Database, countryId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: countries.isoCode })
    .from(countries)
    .where(eq(countries.id, countryId));
  return row?.code ?? null;
}

/** Locks the company row until the transaction ends (pay-by-bill limit checks). */
export async function lockCompany(db: Database, companyId: string): Promise<void> {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
}

/** What an order still costs with VAT: its total less what credit notes gave back. */
const owed = sql`(${orders.priceWithVat} - coalesce((select sum(${creditNotes.amount})
  from ${creditNotes} where ${creditNotes.orderId} = ${orders.id}), 0))`;

/** Pay-by-bill orders of the company not paid yet, with VAT, less cancelled items. */
export async function openBillsCents(db: Database, companyId: string): Promise<number> {
  const [row] = await queryRows<{ cents: string }>(
    db,
    sql`select coalesce(sum(${owed}) * 100, 0)::bigint::text as cents from ${orders}
        where ${orders.companyId} = ${companyId} and ${orders.paymentMethod} = 'pay_by_bill'
          and ${orders.paymentStatus} in ('approved', 'pending_payment')`,
  );
  return Number(row?.cents ?? '0');
}

/**
 * Takes `amount` from the company's credits if the balance covers it: one conditional UPDATE,
 * so concurrent orders can never take the balance below zero. Null when it does not.
 */
export async function debitCredits(
  db: Database,
  companyId: string,
  amount: string,
): Promise<string | null> {
  const [row] = await db
    .update(companies)
    .set({ creditsBalance: sql`${companies.creditsBalance} - ${amount}::numeric` })
    .where(and(eq(companies.id, companyId), sql`${companies.creditsBalance} >= ${amount}::numeric`))
    .returning({ balance: companies.creditsBalance });
  return row?.balance ?? null;
}

export async function insertCreditTransaction(
  db: Database,
  values: typeof creditTransactions.$inferInsert,
): Promise<void> {
  await db.insert(creditTransactions).values(values);
}

export async function nextOrderNumber(db: Database): Promise<string> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select nextval('order_number_seq')::text as n`,
  );
  if (!row) throw new Error('No order number');
  return row.n;
}

export async function nextInvoiceNumber(db: Database): Promise<string> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select nextval('invoice_number_seq')::text as n`,
  );
  if (!row) throw new Error('No invoice number');
  return `INV-${row.n}`;
}

export async function insertInvoice(db: Database, values: typeof invoices.$inferInsert) {
  const [row] = await db.insert(invoices).values(values).returning();
  if (!row) throw new Error('The invoice was not stored');
  return row;
}

export async function insertOrder(db: Database, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('The order was not stored');
  return row;
}

export async function insertOrderItems(db: Database, values: (typeof orderItems.$inferInsert)[]) {
  await db.insert(orderItems).values(values);
}

export async function findOrderOfUser(db: Database, userId: string, orderId: string) {
  const [row] = await db
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
      liveLinks: sql<number>`(select count(*)::int from ${orderItems}
        where ${orderItems.orderId} = ${orders.id} and ${orderItems.status} = 'live_link')`,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(invoices, eq(invoices.id, orders.invoiceId))
    .leftJoin(files, eq(files.id, invoices.fileId))
    .where(and(eq(orders.userId, userId), eq(orders.id, orderId)));
  return row ?? null;
}
export type OrderWithRefs = NonNullable<Awaited<ReturnType<typeof findOrderOfUser>>>;

/**
 * Pay-by-bill orders without a bill, placed before `before`, per company and month, with what
 * they still cost (cancelled items are credited).
 */
export function findUnbilledMonths(db: Database, before: Date) {
  return queryRows<{ company_id: string; month: string; cents: string }>(
    db,
    sql`select ${orders.companyId} as company_id,
          to_char(date_trunc('month', ${orders.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as month,
          (sum(${owed}) * 100)::bigint::text as cents
        from ${orders}
        where ${orders.paymentMethod} = 'pay_by_bill' and ${orders.invoiceId} is null
          and ${orders.createdAt} < ${before.toISOString()}
        group by 1, 2 order by 2, 1`,
  );
}

/** Stores the month's bill unless one exists; null when it did. */
export async function insertMonthlyBill(db: Database, values: typeof invoices.$inferInsert) {
  const [row] = await db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({
      target: [invoices.companyId, invoices.billingMonth],
      where: sql`${invoices.billingMonth} is not null`,
    })
    .returning({ id: invoices.id });
  return row?.id ?? null;
}

export async function attachBill(
  db: Database,
  {
    companyId,
    invoiceId,
    from,
    to,
  }: { companyId: string; invoiceId: string; from: Date; to: Date },
): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ invoiceId })
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.paymentMethod, 'pay_by_bill'),
        isNull(orders.invoiceId),
        sql`${orders.createdAt} >= ${from.toISOString()}`,
        lt(orders.createdAt, to),
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}

export function findInvoices(db: Database, ids: string[]) {
  return db.select().from(invoices).where(inArray(invoices.id, ids));
}
