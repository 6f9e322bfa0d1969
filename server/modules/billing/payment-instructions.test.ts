// How to pay an order awaiting its bank transfer (decision 168): the order answers the account,
// amount and reference its invoice asks for, at checkout and afterwards.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { OrderSchema, type PaymentMethod } from '#contract/orders.ts';
import { cartItems } from '#server/db/schema/index.ts';
import { DEFAULT_ENV } from '#server/env.ts';
import { lineFor, siteWithNiches, useBuyerApp } from '#tests/helpers/orders.ts';
import { TEST_START } from '#tests/helpers/test-app.ts';

import { payeeOf } from './payee.ts';

describe('payment instructions of an order', () => {
  const app = useBuyerApp();
  let { ctx, facts, tokens, call } = app;
  beforeAll(() => ({ ctx, facts, tokens, call } = app));
  beforeEach(async () => {
    ctx.clock.set(TEST_START);
    await ctx.handle.db.delete(cartItems);
  });

  const placeOne = async (method: PaymentMethod) => {
    const added = await call(
      'POST',
      '/shopping-carts/items',
      tokens.buyer,
      lineFor(facts, siteWithNiches(facts)),
    );
    expect(added.statusCode, added.body).toBe(201);
    const placed = await call('POST', '/orders', tokens.buyer, {
      company: facts.companyIds.buyer,
      invoice_emails: ['accounts@example.com'],
      payment_method: method,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return OrderSchema.parse(placed.json());
  };

  it('a bank-transfer order answers the account, amount and invoice number to quote', async () => {
    const order = await placeOne('bank_transfer');
    const seller = DEFAULT_ENV.documentSeller;
    expect(order.payment_instructions).toEqual({
      account_holder: seller.name,
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bank_account: seller.bankAccount,
      amount: order.price_with_vat,
      reference: order.invoice?.number,
      // The invoice's 14 days.
      due_date: new Date(TEST_START.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(order.invoice?.number).toBeTruthy();
    const shown = await call('GET', `/orders/${order.id}`, tokens.buyer);
    expect(OrderSchema.parse(shown.json()).payment_instructions).toEqual(
      order.payment_instructions,
    );
  });

  it('an order paid with credits or by bill has none', async () => {
    expect((await placeOne('credits')).payment_instructions).toBeNull();
    expect((await placeOne('pay_by_bill')).payment_instructions).toBeNull();
  });

  it('reads IBAN and BIC out of the account text only when they are valid', () => {
    expect(
      payeeOf({
        name: 'Seller',
        bankAccount: 'IBAN: GB33 BUKB 2020 1555 5555 55; BIC/SWIFT BUKBGB22',
      }),
    ).toEqual({
      holder: 'Seller',
      iban: 'GB33BUKB20201555555555',
      bic: 'BUKBGB22',
      account: 'IBAN: GB33 BUKB 2020 1555 5555 55; BIC/SWIFT BUKBGB22',
    });
    expect(payeeOf({ name: 'Seller', bankAccount: 'IBAN DE00 1234, account 12345' })).toEqual({
      holder: 'Seller',
      iban: null,
      bic: null,
      account: 'IBAN DE00 1234, account 12345',
    });
  });
});
