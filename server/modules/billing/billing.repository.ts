// Invoices, monthly bills, credit notes and the company's credits (Drizzle only).
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';

import { documentNumber, type DocumentSeries } from '#contract/document-number.ts';
import { findCompanyAccounts } from '#server/db/company-accounts.ts';
import { type Database, queryRows } from '#server/db/database.ts';
import {
  accounts,
  companies,
  creditNotes,
  creditTransactions,
  documentCounters,
  invoices,
  orders,
} from '#server/db/schema/index.ts';

/** The next order number, 100001, 100002, …: a sequence, so a rolled-back order leaves a gap. */
export async function nextOrderNumber(db: Database): Promise<string> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select nextval('order_number_seq')::text as n`,
  );
  if (!row) throw new Error('No value of order_number_seq');
  return row.n;
}

/**
 * The next number of a document series, "INV-2026-000123", of a document issued at `at`
 * (decisions 167 and 196). Call it in the transaction that stores the document: the series'
 * counter row stays locked until that transaction ends, and a rollback gives the number back, so
 * the series has no gap. Drawn as late as the transaction allows, since every other document of
 * the series waits for it.
 */
export async function nextDocumentNumber(
  tx: Database,
  series: DocumentSeries,
  at: Date,
): Promise<string> {
  const [row] = await tx
    .update(documentCounters)
    .set({ lastValue: sql`${documentCounters.lastValue} + 1` })
    .where(eq(documentCounters.series, series))
    .returning({ value: documentCounters.lastValue });
  if (!row) throw new Error(`No counter of the ${series} series`);
  return documentNumber(series, at, row.value);
}

/**
 * An invoice stays payable less what credit notes give back until it is paid: the part still
 * awaited is lowered (never below zero). A paid invoice keeps its amount: what was received.
 */
export async function lowerUnpaidInvoice(
  db: Database,
  invoiceId: string,
  amount: string,
): Promise<void> {
  await db
    .update(invoices)
    .set({ amount: sql`greatest(${invoices.amount} - ${amount}::numeric, 0)` })
    .where(
      and(
        eq(invoices.id, invoiceId),
        inArray(invoices.paymentStatus, ['pending_payment', 'created', 'failed']),
      ),
    );
}

/** What an order still costs with VAT: its total less what credit notes gave back. */
const owed = sql`(${orders.priceWithVat} - coalesce((select sum(${creditNotes.amount})
  from ${creditNotes} where ${creditNotes.orderId} = ${orders.id}), 0))`;

/**
 * Pay-by-bill orders of the company not paid yet, with VAT, less cancelled items: of all its
 * buyers, and of `userId` alone.
 */
export async function openBillsCents(
  db: Database,
  companyId: string,
  userId: string,
): Promise<{ company: number; buyer: number }> {
  const [row] = await queryRows<{ company: string; buyer: string }>(
    db,
    sql`select coalesce(sum(${owed}) * 100, 0)::bigint::text as company,
          coalesce(sum(${owed}) filter (where ${orders.userId} = ${userId}) * 100, 0)::bigint::text
            as buyer
        from ${orders}
        where ${orders.companyId} = ${companyId} and ${orders.paymentMethod} = 'pay_by_bill'
          and ${orders.paymentStatus} in ('approved', 'pending_payment')`,
  );
  return { company: Number(row?.company ?? '0'), buyer: Number(row?.buyer ?? '0') };
}

/** The user's account in the company with what billing needs of both; null without one. */
export async function findAccountLimits(
  db: Database,
  userId: string,
  by: { accountId: string } | { companyId: string },
) {
  const [row] = await findCompanyAccounts(
    db,
    userId,
    {
      accountId: accounts.id,
      companyId: companies.id,
      companyTitle: companies.businessName,
      creditLimit: accounts.creditLimit,
      billLimit: companies.billLimit,
      creditsBalance: companies.creditsBalance,
      isPayByBillAllowed: companies.isPayByBillAllowed,
    },
    {
      narrow:
        'accountId' in by ? eq(accounts.id, by.accountId) : eq(accounts.companyId, by.companyId),
    },
  );
  return row ?? null;
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

export async function insertCreditTransaction(
  db: Database,
  values: typeof creditTransactions.$inferInsert,
): Promise<void> {
  await db.insert(creditTransactions).values(values);
}

/** Stores the invoice of one order and links the order to it. */
export async function invoiceOrder(
  db: Database,
  { orderId, ...values }: typeof invoices.$inferInsert & { orderId: string },
) {
  const [row] = await db.insert(invoices).values(values).returning();
  if (!row) throw new Error('The invoice was not stored');
  await db.update(orders).set({ invoiceId: row.id }).where(eq(orders.id, orderId));
  return row;
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

export async function insertCreditNote(db: Database, values: typeof creditNotes.$inferInsert) {
  const [row] = await db.insert(creditNotes).values(values).returning();
  if (!row) throw new Error('The credit note was not stored');
  return row;
}

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
