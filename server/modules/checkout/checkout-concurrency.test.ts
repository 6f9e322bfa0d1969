// Money under concurrency: many buyers of one company paying with its credits at the same time,
// and the same order sent twice at once. Meaningful on PostgreSQL, where requests really overlap.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { centsToMoney, moneyToCents } from '#contract/money.ts';
import { INSUFFICIENT_CREDITS_MESSAGE, OrderSchema } from '#contract/orders.ts';
import { creditTransactions, orders } from '#server/db/schema/index.ts';
import {
  addBuyersToCompany,
  buyerCalls,
  type CatalogueFacts,
  catalogueFacts,
  creditsOf,
  firstNiche,
  setCredits,
  siteWithNiches,
} from '#tests/helpers/orders.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

describe('orders under concurrency', () => {
  let ctx: TestContext;
  let facts: CatalogueFacts;
  let call: ReturnType<typeof buyerCalls>;

  beforeAll(async () => {
    ctx = await createTestContext();
    facts = await catalogueFacts(ctx.handle.db);
    call = buyerCalls(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const lineOf = (siteId: string, nicheId: string, domainId: string) => ({
    site: siteId,
    link_type: nicheId,
    buyer_domain: domainId,
    articles_number: 1,
    article_topic: 'i_will_write_my_topic',
    anchor_text: 'trail shoes',
    target_url: 'https://northwind-outdoor.com/shoes',
  });
  const orderBody = {
    company: '',
    invoice_emails: ['accounts@example.com'],
    payment_method: 'credits',
  };

  it('lets exactly the orders the company credits cover succeed, never below zero', async () => {
    const companyId = facts.companyIds.buyer;
    const buyers = await addBuyersToCompany(ctx, companyId, 20);
    const site = siteWithNiches(facts);
    const [nicheId, price] = firstNiche(site);
    for (const buyer of buyers) {
      const added = await call(
        'POST',
        '/shopping-carts/items',
        buyer.token,
        lineOf(site.id, nicheId, buyer.domainId),
      );
      expect(added.statusCode, added.body).toBe(201);
    }
    // The first demo company pays no VAT (United Kingdom): an order costs the site's price.
    const cost = moneyToCents(price);
    const covered = 7;
    const initial = centsToMoney(cost * covered + cost - 1);
    await setCredits(ctx.handle.db, companyId, initial);

    const answers = await Promise.all(
      buyers.map((buyer) =>
        call('POST', '/orders', buyer.token, { ...orderBody, company: companyId }),
      ),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(created).toHaveLength(covered);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ message: INSUFFICIENT_CREDITS_MESSAGE });
    }
    const orderIds = created.map((answer) => OrderSchema.parse(answer.json()).id);
    const ledger = await ctx.handle.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.companyId, companyId));
    expect(ledger.map((row) => row.orderId).sort()).toEqual([...orderIds].sort());
    const spent = ledger.reduce((sum, row) => sum + moneyToCents(row.amount), 0);
    const balance = await creditsOf(ctx.handle.db, companyId);
    expect(moneyToCents(balance)).toBe(moneyToCents(initial) + spent);
    expect(balance).toBe(centsToMoney(cost - 1));
    expect(ledger.every((row) => moneyToCents(row.balanceAfter) >= 0)).toBe(true);
    const stored = await ctx.handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          buyers.map((buyer) => buyer.userId),
        ),
      );
    expect(stored).toHaveLength(covered);
  });

  it('creates one order when the same Idempotency-Key arrives several times at once', async () => {
    const [buyer] = await addBuyersToCompany(ctx, facts.companyIds.buyer, 1);
    if (!buyer) throw new Error('No buyer');
    const site = siteWithNiches(facts);
    const added = await call(
      'POST',
      '/shopping-carts/items',
      buyer.token,
      lineOf(site.id, firstNiche(site)[0], buyer.domainId),
    );
    expect(added.statusCode).toBe(201);
    const body = {
      ...orderBody,
      company: facts.companyIds.buyer,
      payment_method: 'bank_transfer',
    };
    const headers = { 'idempotency-key': 'checkout-once' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/orders', buyer.token, body, headers)),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    const bodies = new Set(created.map((answer) => answer.body));
    expect(bodies.size).toBe(1);
    const stored = await ctx.handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.userId, buyer.userId));
    expect(stored).toHaveLength(1);
  });
});
