// What the other modules use of billing (spec §9, decisions 031 and 043): invoice numbers and
// invoices at checkout, the company's credits, the pay-by-bill balance, and credit notes when
// items are cancelled. The monthly bills job lives beside it (monthly-bills.job.ts).
import type { AccountBilling } from '#contract/billing.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import {
  BILL_LIMIT_MESSAGE,
  NO_BILL_LIMIT_MESSAGE,
  PAY_BY_BILL_NOT_ALLOWED_MESSAGE,
} from '#contract/orders.ts';
import type { Database } from '#server/db/database.ts';
import type { orders } from '#server/db/schema/index.ts';

import type { DocumentWriter } from '../files/files.service.ts';
import {
  creditCredits,
  findAccountLimits,
  insertCreditNote,
  insertCreditTransaction,
  lowerUnpaidInvoice,
  nextDocumentNumber,
  openBillsCents,
} from './billing.repository.ts';

export {
  creditedCents,
  debitCredits,
  insertCreditTransaction,
  invoiceOrder,
  nextDocumentNumber,
  nextOrderNumber,
  updateInvoiceStatus,
} from './billing.repository.ts';
export { issueMonthlyBills, MONTHLY_BILLS_JOB } from './monthly-bills.job.ts';
export { type Payee, payeeOf, paymentInstructionsOf } from './payee.ts';

/**
 * What the user may spend for a company (decision 168), from one reading of the account, the
 * company and their unpaid pay-by-bill orders; null when the user has no such account. Pay by bill
 * is bounded twice: the buyer's credit limit against their own unpaid pay-by-bill orders, and the
 * company's bill limit against those of all its buyers.
 */
export async function accountBilling(
  db: Database,
  userId: string,
  by: { accountId: string } | { companyId: string },
): Promise<AccountBilling | null> {
  const row = await findAccountLimits(db, userId, by);
  if (!row) return null;
  const open = await openBillsCents(db, row.companyId, userId);
  const yoursLeft = moneyToCents(row.creditLimit) - open.buyer;
  const companyLeft = moneyToCents(row.billLimit) - open.company;
  const bound = !row.isPayByBillAllowed
    ? 'not_allowed'
    : companyLeft < yoursLeft
      ? 'company_limit'
      : 'your_limit';
  const available = bound === 'not_allowed' ? 0 : Math.max(0, Math.min(yoursLeft, companyLeft));
  return {
    account: row.accountId,
    company: { id: row.companyId, title: row.companyTitle },
    credits_balance: row.creditsBalance,
    is_pay_by_bill_allowed: row.isPayByBillAllowed,
    pay_by_bill_limit: row.creditLimit,
    unpaid_pay_by_bill: centsToMoney(open.buyer),
    available_to_pay_by_bill: centsToMoney(available),
    company_pay_by_bill_limit: row.billLimit,
    company_unpaid_pay_by_bill: centsToMoney(open.company),
    bound,
  };
}

/** Why an order of `grossCents` cannot be paid by bill, or null when it can. */
export function payByBillProblem(billing: AccountBilling, grossCents: number): string | null {
  if (!billing.is_pay_by_bill_allowed) return PAY_BY_BILL_NOT_ALLOWED_MESSAGE;
  if (moneyToCents(billing.pay_by_bill_limit) === 0) return NO_BILL_LIMIT_MESSAGE;
  return grossCents > moneyToCents(billing.available_to_pay_by_bill) ? BILL_LIMIT_MESSAGE : null;
}

/**
 * Credits `cents` of the order back: a credit note naming the items (with its PDF when a document
 * writer is given); an invoice of the order still awaiting payment asks for that much less, and
 * for an order paid with credits the amount returns to the company's balance with a ledger row.
 * Answers the credit note.
 */
export async function creditOrder(
  tx: Database,
  {
    order,
    cents,
    itemNumbers,
    userId,
    at,
    documents,
  }: {
    order: typeof orders.$inferSelect;
    cents: number;
    itemNumbers: string[];
    userId: string | null;
    at: Date;
    documents: DocumentWriter | undefined;
  },
): Promise<{ id: string; number: string; amount: string }> {
  const amount = centsToMoney(cents);
  const note = await insertCreditNote(tx, {
    number: await nextDocumentNumber(tx, 'CN', at),
    orderId: order.id,
    companyId: order.companyId,
    amount,
    itemNumbers,
    createdAt: at,
  });
  if (order.invoiceId) await lowerUnpaidInvoice(tx, order.invoiceId, amount);
  await documents?.creditNote(tx, note.id);
  if (order.paymentMethod === 'credits') {
    const balanceAfter = await creditCredits(tx, order.companyId, amount);
    await insertCreditTransaction(tx, {
      companyId: order.companyId,
      userId,
      orderId: order.id,
      amount,
      balanceAfter,
      createdAt: at,
    });
  }
  return { id: note.id, number: note.number, amount: note.amount };
}
