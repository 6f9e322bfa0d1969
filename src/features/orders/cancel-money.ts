// What cancelling items does with the money, said in the cancel dialog before the buyer confirms
// (decision 167): worded for the order's payment method and state, with the amount the server
// will credit (the same rule, contract/order-money.ts).
import { moneyToCents } from '#contract/money.ts';
import { centsToMoney } from '#contract/money.ts';
import type { OrderItem } from '#contract/order-items.ts';
import {
  cancelCreditCents,
  rateBasisPoints,
  RECEIVED_PAYMENT_STATUSES,
  SETTLED_PAYMENT_STATUSES,
} from '#contract/order-money.ts';
import type { Order } from '#contract/orders.ts';
import { formatMoney } from '#src/utils/format.ts';

type CancelOrder = Pick<
  Order,
  'links_amount' | 'cancelled_links_amount' | 'vat_rate' | 'payment' | 'invoice' | 'amounts'
>;
type CancelItem = Pick<OrderItem, 'price' | 'status' | 'content_product_plan'>;

/** What cancelling `items` credits, in cents, as the server will credit it. */
export function cancelCredit(order: CancelOrder, items: readonly CancelItem[]): number {
  const live = items.filter((item) => item.status !== 'cancelled');
  const netCents = live.reduce(
    (sum, item) =>
      sum +
      moneyToCents(item.price ?? '0.00') +
      moneyToCents(item.content_product_plan?.price ?? '0.00'),
    0,
  );
  return cancelCreditCents({
    netCents,
    vatRateBasisPoints: rateBasisPoints(order.vat_rate),
    remainingCents:
      moneyToCents(order.amounts.charged ?? '0.00') -
      moneyToCents(order.amounts.credited ?? '0.00'),
    isLastCancel: order.cancelled_links_amount + live.length >= order.links_amount,
  });
}

const euros = (cents: number) => formatMoney(centsToMoney(cents));

/** One or two sentences on the money, for the cancel dialog. */
export function cancelMoneyText(order: CancelOrder, items: readonly CancelItem[]): string {
  const { method, status } = order.payment;
  // Only roles that see prices cancel; a page without them names no amount (decision 206).
  if (order.amounts.charged === null) return 'A credit note follows for what is credited.';
  if (SETTLED_PAYMENT_STATUSES.has(status)) {
    return `Nothing is credited: the order’s payment is already ${status}.`;
  }
  const credit = cancelCredit(order, items);
  if (credit === 0) return 'Nothing is credited: nothing of these items is left to credit.';
  const amount = euros(credit);
  if (method === 'credits') {
    return `${amount} returns to your company’s credits balance at once, with a credit note.`;
  }
  if (RECEIVED_PAYMENT_STATUSES.has(status)) {
    return `A credit note for ${amount} is issued at once, and ${amount} is refunded to the account the payment came from.`;
  }
  const left = Math.max(0, moneyToCents(order.amounts.due ?? '0.00') - credit);
  const rest = left > 0 ? `pay only the remaining ${euros(left)}` : 'nothing is left to pay';
  if (method === 'pay_by_bill') {
    return order.invoice
      ? `A credit note for ${amount} is issued at once and deducted from monthly bill ${order.invoice.number}.`
      : `A credit note for ${amount} is issued at once and deducted from your monthly bill: ${rest} for this order.`;
  }
  const invoice = order.invoice ? ` of invoice ${order.invoice.number}` : '';
  return left > 0
    ? `A credit note for ${amount} is issued at once: ${rest}${invoice}.`
    : `A credit note for ${amount} is issued at once and the payment is called off: ${rest}.`;
}
