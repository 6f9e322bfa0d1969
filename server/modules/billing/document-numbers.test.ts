// Invoice and credit note numbers have no gap and no duplicate (decision 196): not when two
// monthly-bill runs bill the same months at once, not when many orders are placed and cancelled
// at once, not when the transaction that drew a number rolls back. Run on PGlite and on
// PostgreSQL, where the runs really overlap.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { OrderSchema } from '#contract/orders.ts';
import { creditNotes, documentCounters, invoices } from '#server/db/schema/index.ts';
import {
  addBuyersToCompany,
  buyerCalls,
  type CatalogueFacts,
  catalogueFacts,
  itemsOfOrder,
  lineFor,
  siteWithNiches,
} from '#tests/helpers/orders.ts';
import { createTestContext, signInBuyers, type TestContext } from '#tests/helpers/test-app.ts';

import { issueMonthlyBills } from './billing.service.ts';

/** The counters of the numbers, "INV-2026-000123" → 123, in ascending order. */
function countersOf(numbers: string[]): number[] {
  return numbers
    .map((number) => Number(number.slice(number.lastIndexOf('-') + 1)))
    .sort((a, b) => a - b);
}

/** The added numbers continue the earlier ones: the next counters, each once. */
function expectFollowing(earlier: string[], added: string[]): void {
  const last = Math.max(0, ...countersOf(earlier));
  expect(countersOf(added)).toEqual(added.map((_, index) => last + 1 + index));
}

/** Every number from the first to the last, each once. */
function expectGapless(numbers: string[]): void {
  const counters = countersOf(numbers);
  const first = counters[0] ?? 1;
  expect(counters).toEqual(counters.map((_, index) => first + index));
}

describe('document numbers', () => {
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

  const invoiceNumbers = async () =>
    (await ctx.handle.db.select({ number: invoices.number }).from(invoices)).map((r) => r.number);
  const noteNumbers = async () =>
    (await ctx.handle.db.select({ number: creditNotes.number }).from(creditNotes)).map(
      (r) => r.number,
    );

  /** Places a pay-by-bill order of the first demo buyer at `at`. */
  const billedOrderAt = async (at: Date) => {
    ctx.clock.set(at);
    const { buyer } = await signInBuyers(ctx.app);
    const added = await call(
      'POST',
      '/shopping-carts/items',
      buyer,
      lineFor(facts, siteWithNiches(facts)),
    );
    expect(added.statusCode, added.body).toBe(201);
    const placed = await call('POST', '/orders', buyer, {
      company: facts.companyIds.buyer,
      invoice_emails: ['accounts@example.com'],
      payment_method: 'pay_by_bill',
    });
    expect(placed.statusCode, placed.body).toBe(201);
  };

  it('leaves no gap when two monthly-bill runs bill the same months at once', async () => {
    const months = ['2026-04', '2026-05', '2026-06', '2026-07'];
    for (const month of months) await billedOrderAt(new Date(`${month}-10T10:00:00Z`));
    const before = await invoiceNumbers();
    // Each round bills one finished month; both runs find it unbilled, one of them bills it.
    for (const next of ['2026-05', '2026-06', '2026-07', '2026-08']) {
      const at = new Date(`${next}-01T00:30:00Z`);
      const issued = await Promise.all([
        issueMonthlyBills(ctx.handle.db, at),
        issueMonthlyBills(ctx.handle.db, at),
      ]);
      expect(issued[0] + issued[1]).toBe(1);
    }
    const after = await invoiceNumbers();
    expect(after).toHaveLength(before.length + months.length);
    expectGapless(after);
  });

  it('gives the number back when the transaction that drew it rolls back', async () => {
    await billedOrderAt(new Date('2026-08-12T10:00:00Z'));
    const at = new Date('2026-09-01T00:30:00Z');
    const failed = await ctx.handle.db
      .transaction(async (tx) => {
        expect(await issueMonthlyBills(tx, at)).toBe(1);
        throw new Error('The work after the bill failed');
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    const before = await invoiceNumbers();
    expect(await issueMonthlyBills(ctx.handle.db, at)).toBe(1);
    const after = await invoiceNumbers();
    expect(after).toHaveLength(before.length + 1);
    expectGapless(after);
    const [counter] = await ctx.handle.db
      .select()
      .from(documentCounters)
      .where(eq(documentCounters.series, 'INV'));
    expect(counter?.lastValue).toBe(Math.max(...countersOf(after)));
  });

  it('leaves no gap when many orders are placed and cancelled at once', async () => {
    ctx.clock.set(new Date('2026-09-02T09:00:00Z'));
    const buyers = await addBuyersToCompany(ctx, facts.companyIds.buyer, 8);
    const site = siteWithNiches(facts);
    for (const buyer of buyers) {
      const added = await call('POST', '/shopping-carts/items', buyer.token, {
        ...lineFor(facts, site),
        buyer_domain: buyer.domainId,
        articles_number: 2,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const invoicesBefore = await invoiceNumbers();
    const placed = await Promise.all(
      buyers.map((buyer) =>
        call('POST', '/orders', buyer.token, {
          company: facts.companyIds.buyer,
          invoice_emails: ['accounts@example.com'],
          payment_method: 'bank_transfer',
        }),
      ),
    );
    for (const answer of placed) expect(answer.statusCode, answer.body).toBe(201);
    const ordered = (await invoiceNumbers()).filter((number) => !invoicesBefore.includes(number));
    expect(ordered).toHaveLength(buyers.length);
    expectFollowing(invoicesBefore, ordered);

    // One item of each order cancelled at once: a credit note each.
    const notesBefore = await noteNumbers();
    const cancels = await Promise.all(
      placed.map(async (answer, index) => {
        const order = OrderSchema.parse(answer.json());
        const [item] = await itemsOfOrder(ctx.handle.db, order.id);
        return call('PUT', '/orders/items/statuses', buyers[index]?.token ?? '', {
          transition: 'cancel',
          ids: [item?.id],
        });
      }),
    );
    for (const answer of cancels) expect(answer.statusCode, answer.body).toBe(200);
    const notes = (await noteNumbers()).filter((number) => !notesBefore.includes(number));
    expect(notes).toHaveLength(buyers.length);
    expectFollowing(notesBefore, notes);
  });
});
