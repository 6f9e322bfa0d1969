// What a buyer may spend for a company (decision 168): the billing figures of an account, the
// same figures in checkout's payment methods, and pay by bill bounded by the buyer's credit limit
// and by the company's bill limit.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { type AccountBilling, AccountBillingSchema } from '#contract/billing.ts';
import { CartDefaultsSchema } from '#contract/cart.ts';
import { ACCOUNT_NOT_FOUND_MESSAGE } from '#contract/companies.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import {
  BILL_LIMIT_MESSAGE,
  OrderSchema,
  PAY_BY_BILL_NOT_ALLOWED_MESSAGE,
  PaymentMethodListSchema,
} from '#contract/orders.ts';
import { BuyerProfileSchema } from '#contract/profile.ts';
import { accounts, cartItems, companies } from '#server/db/schema/index.ts';
import {
  accountOf,
  addBuyersToCompany,
  lineFor,
  siteWithNiches,
  useBuyerApp,
  type Who,
} from '#tests/helpers/orders.ts';
import { TEST_START } from '#tests/helpers/test-app.ts';

describe('the billing figures of an account', () => {
  const app = useBuyerApp();
  let { ctx, facts, tokens, call } = app;
  beforeAll(() => ({ ctx, facts, tokens, call } = app));
  beforeEach(async () => {
    ctx.clock.set(TEST_START);
    await ctx.handle.db.delete(cartItems);
  });

  const accountId = async (who: Who) => {
    const account = await accountOf(ctx.handle.db, facts.userIds[who], facts.companyIds[who]);
    if (!account) throw new Error('No account');
    return account.id;
  };
  const billingOf = async (who: Who, token = tokens[who]): Promise<AccountBilling> => {
    const response = await call('GET', `/profiles/accounts/${await accountId(who)}/billing`, token);
    expect(response.statusCode, response.body).toBe(200);
    return AccountBillingSchema.parse(response.json());
  };
  const methodsOf = async (who: Who, token = tokens[who]) =>
    PaymentMethodListSchema.parse((await call('GET', '/orders/payment-methods', token)).json())
      .data;
  const fillOne = async (who: Who, token = tokens[who]) => {
    const response = await call(
      'POST',
      '/shopping-carts/items',
      token,
      lineFor(facts, siteWithNiches(facts), {}, who),
    );
    expect(response.statusCode, response.body).toBe(201);
  };
  const orderBody = (who: Who) => ({
    company: facts.companyIds[who],
    invoice_emails: ['accounts@example.com'],
    payment_method: 'pay_by_bill',
  });
  const setLimits = async (limits: { creditLimit?: string; billLimit?: string }) => {
    if (limits.creditLimit) {
      await ctx.handle.db
        .update(accounts)
        .set({ creditLimit: limits.creditLimit })
        .where(eq(accounts.id, await accountId('buyer')));
    }
    if (limits.billLimit) {
      await ctx.handle.db
        .update(companies)
        .set({ billLimit: limits.billLimit })
        .where(eq(companies.id, facts.companyIds.buyer));
    }
  };

  it('names each figure of the account and its company, all from the account and its orders', async () => {
    const billing = await billingOf('buyer');
    const [profileAccount] = BuyerProfileSchema.parse(
      (await call('GET', '/profiles', tokens.buyer)).json(),
    ).accounts;
    expect(billing).toMatchObject({
      account: profileAccount?.id,
      company: profileAccount?.company,
      credits_balance: profileAccount?.credits_balance,
      is_pay_by_bill_allowed: true,
      pay_by_bill_limit: profileAccount?.credit_limit,
      company_pay_by_bill_limit: '10000.00',
      bound: 'your_limit',
    });
    // Available is the buyer's limit less their unpaid pay-by-bill orders, never more.
    expect(moneyToCents(billing.available_to_pay_by_bill)).toBe(
      moneyToCents(billing.pay_by_bill_limit) - moneyToCents(billing.unpaid_pay_by_bill),
    );
    expect(moneyToCents(billing.available_to_pay_by_bill)).toBeLessThanOrEqual(
      moneyToCents(billing.pay_by_bill_limit),
    );
  });

  it('an order paid by bill lowers what is available by its total with VAT, in both answers', async () => {
    const before = await billingOf('buyer');
    await fillOne('buyer');
    const offered = (await methodsOf('buyer')).find((method) => method.id === 'pay_by_bill');
    expect(offered?.available_amount).toBe(before.available_to_pay_by_bill);
    const credits = (await methodsOf('buyer')).find((method) => method.id === 'credits');
    expect(credits?.available_amount).toBe(before.credits_balance);

    const placed = await call('POST', '/orders', tokens.buyer, orderBody('buyer'));
    expect(placed.statusCode, placed.body).toBe(201);
    const gross = moneyToCents(OrderSchema.parse(placed.json()).price_with_vat!);
    expect(gross).toBeGreaterThan(0);

    const after = await billingOf('buyer');
    expect(after.unpaid_pay_by_bill).toBe(
      centsToMoney(moneyToCents(before.unpaid_pay_by_bill) + gross),
    );
    expect(after.available_to_pay_by_bill).toBe(
      centsToMoney(moneyToCents(before.available_to_pay_by_bill) - gross),
    );
    expect(after.credits_balance).toBe(before.credits_balance);
    await fillOne('buyer');
    const offeredAfter = (await methodsOf('buyer')).find((method) => method.id === 'pay_by_bill');
    expect(offeredAfter?.available_amount).toBe(after.available_to_pay_by_bill);
  });

  it("refuses pay by bill beyond the buyer's credit limit although the company's limit has room", async () => {
    await fillOne('buyer');
    const defaults = await call('GET', '/shopping-carts/defaults', tokens.buyer);
    const gross = moneyToCents(CartDefaultsSchema.parse(defaults.json()).total_price_with_vat);
    const { unpaid_pay_by_bill: unpaid } = await billingOf('buyer');
    const original = (await billingOf('buyer')).pay_by_bill_limit;
    // The next order would cross the buyer's limit by one cent; the company's has plenty left.
    await setLimits({ creditLimit: centsToMoney(moneyToCents(unpaid) + gross - 1) });
    try {
      const billing = await billingOf('buyer');
      expect(billing).toMatchObject({
        available_to_pay_by_bill: centsToMoney(gross - 1),
        bound: 'your_limit',
      });
      expect(moneyToCents(billing.company_pay_by_bill_limit)).toBeGreaterThan(
        moneyToCents(billing.company_unpaid_pay_by_bill) + gross,
      );
      const offered = (await methodsOf('buyer')).find((method) => method.id === 'pay_by_bill');
      expect(offered).toMatchObject({
        is_available: false,
        unavailable_reason: BILL_LIMIT_MESSAGE,
        available_amount: centsToMoney(gross - 1),
      });
      const response = await call('POST', '/orders', tokens.buyer, orderBody('buyer'));
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([
        { path: 'payment_method', message: BILL_LIMIT_MESSAGE },
      ]);
    } finally {
      await setLimits({ creditLimit: original });
    }
  });

  it("counts every buyer's unpaid bills against the company's limit, and only their own against each buyer's", async () => {
    const [colleague] = await addBuyersToCompany(ctx, facts.companyIds.buyer, 1, '1000.00');
    if (!colleague) throw new Error('No colleague');
    const mine = await billingOf('buyer');
    const colleagueAccount = await accountOf(
      ctx.handle.db,
      colleague.userId,
      facts.companyIds.buyer,
    );
    const theirsResponse = await call(
      'GET',
      `/profiles/accounts/${colleagueAccount?.id}/billing`,
      colleague.token,
    );
    const theirs = AccountBillingSchema.parse(theirsResponse.json());
    expect(theirs).toMatchObject({
      pay_by_bill_limit: '1000.00',
      unpaid_pay_by_bill: '0.00',
      available_to_pay_by_bill: '1000.00',
      company_unpaid_pay_by_bill: mine.company_unpaid_pay_by_bill,
      bound: 'your_limit',
    });
    // The company's limit leaves less than the colleague's own: it is what bounds them.
    const companyLeft = 50_000;
    const original = mine.company_pay_by_bill_limit;
    await setLimits({
      billLimit: centsToMoney(moneyToCents(mine.company_unpaid_pay_by_bill) + companyLeft),
    });
    try {
      const bounded = AccountBillingSchema.parse(
        (
          await call('GET', `/profiles/accounts/${colleagueAccount?.id}/billing`, colleague.token)
        ).json(),
      );
      expect(bounded).toMatchObject({
        available_to_pay_by_bill: centsToMoney(companyLeft),
        bound: 'company_limit',
      });
    } finally {
      await setLimits({ billLimit: original });
    }
  });

  it('a company not allowed pay by bill has nothing available to pay by bill', async () => {
    const billing = await billingOf('secondBuyer');
    expect(billing).toMatchObject({
      is_pay_by_bill_allowed: false,
      available_to_pay_by_bill: '0.00',
      bound: 'not_allowed',
    });
    await fillOne('secondBuyer');
    const offered = (await methodsOf('secondBuyer')).find((method) => method.id === 'pay_by_bill');
    expect(offered).toMatchObject({
      is_available: false,
      unavailable_reason: PAY_BY_BILL_NOT_ALLOWED_MESSAGE,
      available_amount: null,
    });
  });

  it("another buyer's account answers 404 like an unknown one", async () => {
    const response = await call(
      'GET',
      `/profiles/accounts/${await accountId('buyer')}/billing`,
      tokens.secondBuyer,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, message: ACCOUNT_NOT_FOUND_MESSAGE });
  });
});
