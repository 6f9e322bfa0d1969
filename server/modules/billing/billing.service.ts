// What the other modules use of billing (spec §9, decisions 031 and 043): invoice numbers and
// invoices at checkout, the company's credits, the pay-by-bill balance, and credit notes when
// items are cancelled. The monthly bills job lives beside it (monthly-bills.job.ts).
import { centsToMoney } from '#contract/money.ts';
import type { Database } from '#server/db/database.ts';
import type { orders } from '#server/db/schema/index.ts';
import type { DocumentWriter } from '../files/files.service.ts';
import {
  creditCredits,
  insertCreditNote,
  insertCreditTransaction,
  lowerUnpaidInvoice,
  nextCreditNoteNumber,
} from './billing.repository.ts';

export {
  creditedCents,
  debitCredits,
  insertCreditTransaction,
  insertInvoice,
  nextInSequence,
  nextInvoiceNumber,
  openBillsCents,
  updateInvoiceStatus,
} from './billing.repository.ts';
export { issueMonthlyBills, MONTHLY_BILLS_JOB } from './monthly-bills.job.ts';

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
    number: await nextCreditNoteNumber(tx, at),
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
