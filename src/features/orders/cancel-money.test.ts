import { describe, expect, it } from 'vitest';

import type { Order } from '#contract/orders.ts';
import { makeOrder, makeOrderItem, PLANS } from '#src/test-utils/factories.ts';

import { cancelCredit, cancelMoneyText } from './cancel-money.ts';

// Order 100007: two items at 19 % VAT, €752.00 in all. The first is €300.00 + €52.10 content
// (€419.00 with VAT), the second €279.83 (€333.00 with VAT).
const first = makeOrderItem({
  number: '100007-1',
  price: '300.00',
  content_product_plan: { ...PLANS[1]!, price: '52.10' },
});
const second = makeOrderItem({ number: '100007-2', price: '279.83' });
const invoice = {
  id: '00000000-0000-4000-8000-00000000f001',
  number: 'INV-2026-000006',
  file: null,
  payment_status: 'pending_payment',
  payment_method: 'bank_transfer',
} as const;

function orderOf(
  method: Order['payment_method'],
  status: Order['payment']['status'],
  changes: Partial<Order> = {},
): Order {
  const charged = '752.00';
  const isReceived = status === 'paid' || status === 'refunded';
  return makeOrder({
    number: '100007',
    price: '631.93',
    vat: '120.07',
    vat_rate: '19.00',
    price_with_vat: charged,
    links_amount: 2,
    payment_method: method,
    payment: { method, status },
    invoice: method === 'pay_by_bill' ? null : { ...invoice, payment_method: method },
    amounts: {
      charged,
      credited: '0.00',
      paid: isReceived ? charged : '0.00',
      due: isReceived || status === 'cancelled' ? '0.00' : charged,
    },
    ...changes,
  });
}

describe('what the cancel dialog says about the money', () => {
  it('bank transfer not paid yet: a credit note at once, and only the remainder to pay', () => {
    const order = orderOf('bank_transfer', 'pending_payment');
    expect(cancelCredit(order, [first])).toBe(41900);
    expect(cancelMoneyText(order, [first])).toBe(
      'A credit note for €419.00 is issued at once: pay only the remaining €333.00 of invoice INV-2026-000006.',
    );
    expect(cancelMoneyText(order, [first, second])).toBe(
      'A credit note for €752.00 is issued at once and the payment is called off: nothing is left to pay.',
    );
  });

  it('the last item credits what is left, after an earlier credit note', () => {
    const order = orderOf('bank_transfer', 'pending_payment', {
      cancelled_links_amount: 1,
      amounts: { charged: '752.00', credited: '419.00', paid: '0.00', due: '333.00' },
    });
    expect(cancelCredit(order, [second])).toBe(33300);
    expect(cancelMoneyText(order, [second])).toBe(
      'A credit note for €333.00 is issued at once and the payment is called off: nothing is left to pay.',
    );
  });

  it('bank transfer paid: a credit note, refunded to the paying account', () => {
    expect(cancelMoneyText(orderOf('bank_transfer', 'paid'), [first])).toBe(
      'A credit note for €419.00 is issued at once, and €419.00 is refunded to the account the payment came from.',
    );
  });

  it('credits: returned to the balance', () => {
    expect(cancelMoneyText(orderOf('credits', 'paid'), [first])).toBe(
      '€419.00 returns to your company’s credits balance at once, with a credit note.',
    );
  });

  it('pay by bill: deducted from the monthly bill, or from the bill already issued', () => {
    const order = orderOf('pay_by_bill', 'approved');
    expect(cancelMoneyText(order, [first])).toBe(
      'A credit note for €419.00 is issued at once and deducted from your monthly bill: pay only the remaining €333.00 for this order.',
    );
    const billed = { ...order, invoice: { ...invoice, payment_method: 'pay_by_bill' as const } };
    expect(cancelMoneyText(billed, [first])).toBe(
      'A credit note for €419.00 is issued at once and deducted from monthly bill INV-2026-000006.',
    );
  });

  it('a payment already called off or refunded: nothing is credited', () => {
    expect(cancelMoneyText(orderOf('bank_transfer', 'cancelled'), [first])).toBe(
      'Nothing is credited: the order’s payment is already cancelled.',
    );
  });
});
