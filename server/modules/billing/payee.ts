// Who a bank transfer goes to (decision 168): the seller's account as invoices print it
// (SELLER_BANK_ACCOUNT, "IBAN …, BIC …"), with the IBAN and BIC read out of it when it names valid
// ones, so that a buyer can copy them without opening the invoice.
import { bicProblem, ibanProblem, normaliseBic, normaliseIban } from '#contract/companies.ts';
import type { PaymentInstructions, PaymentMethod, PaymentStatus } from '#contract/orders.ts';

import { type DocumentSeller, PAYMENT_TERM_DAYS } from '../files/files.service.ts';

export interface Payee {
  /** The account holder: the seller's name. */
  holder: string;
  /** Electronic format ("DE89370400440532013000"); null when the account text names none. */
  iban: string | null;
  bic: string | null;
  /** The account as the invoice prints it. */
  account: string;
}

/** The part after a leading label ("IBAN", "BIC", "BIC/SWIFT", "SWIFT"), else null. */
function labelled(part: string, labels: readonly string[]): string | null {
  const upper = part.toUpperCase();
  for (const label of labels) {
    if (upper.startsWith(label)) return part.slice(label.length).replace(/^[\s:]+/, '');
  }
  return null;
}

export function payeeOf(seller: Pick<DocumentSeller, 'name' | 'bankAccount'>): Payee {
  let iban: string | null = null;
  let bic: string | null = null;
  for (const raw of seller.bankAccount.split(/[,;\n]/)) {
    const part = raw.trim();
    const ibanText = labelled(part, ['IBAN']);
    if (ibanText !== null && iban === null && ibanProblem(ibanText) === null) {
      iban = normaliseIban(ibanText);
      continue;
    }
    const bicText = labelled(part, ['BIC/SWIFT', 'BIC', 'SWIFT']);
    if (bicText !== null && bic === null && bicProblem(bicText) === null) {
      bic = normaliseBic(bicText);
    }
  }
  return { holder: seller.name, iban, bic, account: seller.bankAccount };
}

/**
 * What the invoice of an order awaiting its bank transfer asks for (the PDF's "Payment" lines):
 * amount, due date, account and the invoice number as reference. Null for any other order.
 */
export function paymentInstructionsOf(
  payee: Payee,
  order: { paymentMethod: PaymentMethod; paymentStatus: PaymentStatus },
  invoice: { number: string | null; amount?: string | null; createdAt?: Date | null } | null,
): PaymentInstructions | null {
  if (order.paymentMethod !== 'bank_transfer' || order.paymentStatus !== 'pending_payment') {
    return null;
  }
  if (!invoice?.number || !invoice.amount || !invoice.createdAt) return null;
  const due = new Date(invoice.createdAt.getTime() + PAYMENT_TERM_DAYS.bank_transfer * 86_400_000);
  return {
    account_holder: payee.holder,
    iban: payee.iban,
    bic: payee.bic,
    bank_account: payee.account,
    amount: invoice.amount,
    reference: invoice.number,
    // The wire's dates are ISO (YYYY-MM-DD); the screen formats them.
    due_date: due.toISOString().slice(0, 10),
  };
}
