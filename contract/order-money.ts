// What an order costs, what credit notes gave back, what was paid and what is still due (the
// order's money on the wire), and what cancelling items credits: one rule for the server that
// issues the credit note and the screen that says beforehand what will happen (decision 167).
import { centsToMoney, moneyToCents } from './money.ts';
import type { PaymentMethod, PaymentStatus } from './orders.ts';
import { vatCents } from './vat.ts';

/** Payment states in which nothing is owed any more: cancelling credits nothing. */
export const SETTLED_PAYMENT_STATUSES: ReadonlySet<PaymentStatus> = new Set([
  'cancelled',
  'refunded',
]);

/** Payment states in which the money has arrived (or, for credits, was taken at checkout). */
export const RECEIVED_PAYMENT_STATUSES: ReadonlySet<PaymentStatus> = new Set(['paid', 'refunded']);

/**
 * What cancelling items credits back, with VAT, in cents: their net prices and their VAT share,
 * never more than is left; the cancel that leaves no live item credits all that is left, so that
 * rounding never keeps a cent.
 */
export function cancelCreditCents({
  netCents,
  vatRateBasisPoints,
  remainingCents,
  isLastCancel,
}: {
  netCents: number;
  vatRateBasisPoints: number;
  /** The order's total with VAT less what credit notes already gave back. */
  remainingCents: number;
  isLastCancel: boolean;
}): number {
  const remaining = Math.max(0, remainingCents);
  if (isLastCancel) return remaining;
  return Math.min(remaining, netCents + vatCents(netCents, vatRateBasisPoints));
}

export interface OrderMoneyFacts {
  method: PaymentMethod;
  status: PaymentStatus;
  /** The order's total with VAT. */
  chargedCents: number;
  /** The sum of its credit notes. */
  creditedCents: number;
  /**
   * What the order's own invoice asks to be paid (its total less credit notes issued before
   * payment); null for a monthly bill or no invoice.
   */
  invoiceAmountCents: number | null;
}

export interface OrderMoneyCents {
  charged: number;
  credited: number;
  paid: number;
  due: number;
}

/** Charged, credited, paid and still due, in cents. */
export function orderMoneyCents(facts: OrderMoneyFacts): OrderMoneyCents {
  const { method, status, chargedCents: charged, creditedCents: credited } = facts;
  let paid = 0;
  if (RECEIVED_PAYMENT_STATUSES.has(status)) {
    if (method === 'credits') paid = charged;
    else if (facts.invoiceAmountCents !== null) paid = facts.invoiceAmountCents;
    else paid = Math.max(0, charged - credited);
  }
  const due = SETTLED_PAYMENT_STATUSES.has(status) ? 0 : Math.max(0, charged - credited - paid);
  return { charged, credited, paid, due };
}

/** The same as decimal strings, as the order carries them. */
export function orderMoney(facts: OrderMoneyFacts) {
  const cents = orderMoneyCents(facts);
  return {
    charged: centsToMoney(cents.charged),
    credited: centsToMoney(cents.credited),
    paid: centsToMoney(cents.paid),
    due: centsToMoney(cents.due),
  };
}

/** "19.00" → 1900. */
export function rateBasisPoints(rate: string): number {
  return moneyToCents(rate);
}

/**
 * What a credit note does with the money, in one sentence, as its PDF and its mail say it.
 * `status` is the payment's state when the note was issued or since; `dueCents` what the order
 * still owes after it.
 */
export function creditEffectText(
  {
    method,
    status,
    amountCents,
    invoiceNumber,
    isMonthlyBill,
    dueCents,
  }: {
    method: PaymentMethod;
    status: PaymentStatus;
    amountCents: number;
    invoiceNumber: string | null;
    isMonthlyBill: boolean;
    dueCents: number;
  },
  money: (cents: number) => string,
): string {
  if (method === 'credits') return `${money(amountCents)} returned to the company's credits.`;
  if (RECEIVED_PAYMENT_STATUSES.has(status)) {
    return `${money(amountCents)} refunded to the account the payment came from.`;
  }
  const rest =
    dueCents > 0 ? `pay only the remaining ${money(dueCents)}` : 'nothing is left to pay';
  if (invoiceNumber === null) {
    return `${money(amountCents)} deducted from the monthly bill to come: ${rest}.`;
  }
  const document = isMonthlyBill ? 'monthly bill' : 'invoice';
  return `${money(amountCents)} deducted from ${document} ${invoiceNumber}: ${rest}.`;
}
