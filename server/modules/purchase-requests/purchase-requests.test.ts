// Monthly limits and purchase requests (decision 204): a Buyer within their limit orders as
// before; over it the cart becomes a request with its lines and prices frozen, which an Owner or
// Admin approves (one order, with the requester as its buyer) or declines with a reason.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { CartDefaultsSchema } from '#contract/cart.ts';
import { moneyToCents } from '#contract/money.ts';
import { INSUFFICIENT_CREDITS_MESSAGE, OrderSchema } from '#contract/orders.ts';
import {
  CREDITS_SHORT_FOR_REQUEST_MESSAGE,
  OVER_LIMIT_MESSAGE,
  PURCHASE_REQUEST_DECIDED_MESSAGE,
  PurchaseRequestListSchema,
  PurchaseRequestSchema,
  WITHIN_LIMIT_MESSAGE,
} from '#contract/purchase-requests.ts';
import {
  accounts,
  auditEvents,
  cartItems,
  jobs,
  orders,
  purchaseRequests,
  sitePrices,
  users,
} from '#server/db/schema/index.ts';
import {
  addBuyersToCompany,
  countRows,
  firstNiche,
  itemsOfOrder,
  lineFor,
  setCredits,
  siteWithNiches,
  useBuyerApp,
} from '#tests/helpers/orders.ts';
import { TEST_START } from '#tests/helpers/test-app.ts';

describe('monthly limits and purchase requests', () => {
  const app = useBuyerApp();
  let { ctx, facts, tokens, call } = app;
  let member: { userId: string; token: string; domainId: string };
  let viewer: { userId: string; token: string; domainId: string };
  const company = () => facts.companyIds.buyer;
  const site = () => siteWithNiches(facts, 1);
  const linePrice = () => moneyToCents(firstNiche(site())[1]);

  beforeAll(async () => {
    ({ ctx, facts, tokens, call } = app);
    [member, viewer] = (await addBuyersToCompany(ctx, company(), 2)) as [
      typeof member,
      typeof viewer,
    ];
    await ctx.handle.db
      .update(accounts)
      .set({ role: 'viewer' })
      .where(eq(accounts.userId, viewer.userId));
  });
  beforeEach(async () => {
    ctx.clock.set(TEST_START);
    await ctx.handle.db.delete(cartItems);
    await ctx.handle.db.delete(purchaseRequests);
    await setCredits(ctx.handle.db, company(), '100000.00');
  });

  /** The member becomes a Buyer with a limit of `cents`. */
  const limitTo = (cents: number | null) =>
    ctx.handle.db
      .update(accounts)
      .set({ role: 'buyer', monthlyLimit: cents === null ? null : (cents / 100).toFixed(2) })
      .where(eq(accounts.userId, member.userId));
  const fillOne = async () => {
    const line = lineFor(facts, site(), { buyer_domain: member.domainId });
    const response = await call('POST', '/shopping-carts/items', member.token, line);
    expect(response.statusCode, response.body).toBe(201);
  };
  const body = (method = 'credits') => ({
    company: company(),
    invoice_emails: ['accounts@example.com'],
    payment_method: method,
  });
  const cartSize = () => countRows(ctx.handle.db, 'cart_items', sql`user_id = ${member.userId}`);
  const request = async (method = 'credits') => {
    await fillOne();
    const response = await call('POST', '/purchase-requests', member.token, body(method));
    expect(response.statusCode, response.body).toBe(201);
    return PurchaseRequestSchema.parse(response.json());
  };
  const approve = (id: string, token = tokens.buyer, key = crypto.randomUUID()) =>
    call('POST', `/purchase-requests/${id}/approval`, token, undefined, { 'idempotency-key': key });
  const auditActions = async () =>
    (
      await ctx.handle.db
        .select({ action: auditEvents.action, subject: auditEvents.subject })
        .from(auditEvents)
        .where(eq(auditEvents.companyId, company()))
    ).map((row) => row.action);

  it('shows the limit, the month’s spending and what waits in the cart defaults', async () => {
    await limitTo(linePrice() * 3);
    await fillOne();
    const defaults = CartDefaultsSchema.parse(
      (await call('GET', '/shopping-carts/defaults', member.token)).json(),
    );
    expect(defaults.spending).toEqual({
      monthly_limit: ((linePrice() * 3) / 100).toFixed(2),
      spent_this_month: '0.00',
      waiting_for_approval: '0.00',
    });
    const owners = CartDefaultsSchema.parse(
      (await call('GET', '/shopping-carts/defaults', tokens.buyer)).json(),
    );
    expect(owners.spending).toBeNull();
  });

  it('places an order within the limit as before, and records it with its payment method', async () => {
    await limitTo(linePrice());
    await fillOne();
    const response = await call('POST', '/orders', member.token, body());
    expect(response.statusCode, response.body).toBe(201);
    const order = OrderSchema.parse(response.json());
    const events = await ctx.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, company()), eq(auditEvents.subject, order.number)));
    expect(events.map((event) => event.action)).toEqual(['order.placed']);
    expect(events[0]?.actorUserId).toBe(member.userId);
    expect(events[0]?.details).not.toHaveProperty('buyer');
    expect(await auditActions()).toContain('payment_method.used');
  });

  it('refuses an order over the limit and keeps the cart, then sends it for approval', async () => {
    await limitTo(linePrice() - 1);
    await fillOne();
    const refused = await call('POST', '/orders', member.token, body());
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: 422, message: OVER_LIMIT_MESSAGE });
    expect(await cartSize()).toBe(1);

    const response = await call('POST', '/purchase-requests', member.token, body());
    expect(response.statusCode, response.body).toBe(201);
    const created = PurchaseRequestSchema.parse(response.json());
    expect(created).toMatchObject({
      status: 'pending',
      number: expect.stringMatching(/^PR-\d+$/),
      price: (linePrice() / 100).toFixed(2),
      items_amount: 1,
      requester: { id: member.userId },
      can_decide: false,
    });
    expect(await cartSize()).toBe(0);
    expect(await auditActions()).toContain('purchase.requested');
    const defaults = CartDefaultsSchema.parse(
      (await call('GET', '/shopping-carts/defaults', member.token)).json(),
    );
    expect(defaults.spending?.waiting_for_approval).toBe(created.price);
    const mails = await ctx.handle.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'subject' like ${`%${created.number}%`}`),
      );
    expect(mails.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a request within the limit or without one', async () => {
    await limitTo(null);
    await fillOne();
    const response = await call('POST', '/purchase-requests', member.token, body());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 422, message: WITHIN_LIMIT_MESSAGE });
    expect(await cartSize()).toBe(1);
  });

  it('places the order once with the frozen prices when approved, repeated or at once', async () => {
    await limitTo(1);
    const created = await request();
    const [niche, price] = firstNiche(site());
    await ctx.handle.db
      .update(sitePrices)
      .set({ price: '9999.00' })
      .where(and(eq(sitePrices.siteId, site().id), eq(sitePrices.nicheId, niche)));
    try {
      const key = crypto.randomUUID();
      const answers = await Promise.all([
        approve(created.id, tokens.buyer, key),
        approve(created.id, tokens.buyer, key),
        approve(created.id),
      ]);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(
        statuses.filter((status) => status === 200).length,
        answers[0]?.body,
      ).toBeGreaterThanOrEqual(2);
      const placed = await ctx.handle.db
        .select()
        .from(orders)
        .where(eq(orders.userId, member.userId));
      const approved = PurchaseRequestSchema.parse(
        answers.find((a) => a.statusCode === 200)!.json(),
      );
      const fromRequest = placed.filter((order) => order.id === approved.order?.id);
      expect(fromRequest).toHaveLength(1);
      expect(approved.status).toBe('approved');
      const [item] = await itemsOfOrder(ctx.handle.db, approved.order!.id);
      expect(item?.price).toBe(price);
      const again = await approve(created.id);
      expect(PurchaseRequestSchema.parse(again.json()).order?.id).toBe(approved.order?.id);
      expect(await auditActions()).toContain('purchase.approved');
      // The approver placed it; the record names the requester as its buyer.
      const [placedEvent] = await ctx.handle.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.companyId, company()),
            eq(auditEvents.action, 'order.placed'),
            eq(auditEvents.subject, approved.order!.number),
          ),
        );
      const [requester] = await ctx.handle.db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, member.userId));
      expect(placedEvent?.actorUserId).not.toBe(member.userId);
      expect(placedEvent?.details).toMatchObject({
        buyer: `${requester!.firstName} ${requester!.lastName}`,
      });
    } finally {
      await ctx.handle.db
        .update(sitePrices)
        .set({ price })
        .where(and(eq(sitePrices.siteId, site().id), eq(sitePrices.nicheId, niche)));
    }
  });

  it('keeps a request pending when its payment cannot be made now', async () => {
    await limitTo(1);
    const created = await request();
    await setCredits(ctx.handle.db, company(), '0.00');
    const refused = await approve(created.id);
    expect(refused.statusCode).toBe(422);
    // Said to the approver, not in the requester's words ("Your available credits…").
    expect(refused.json()).toMatchObject({
      code: 422,
      message: CREDITS_SHORT_FOR_REQUEST_MESSAGE,
    });
    // A new request that credits cannot pay today is refused when it is made.
    await fillOne();
    const unpayable = await call('POST', '/purchase-requests', member.token, body());
    expect(unpayable.statusCode).toBe(422);
    expect(unpayable.json()).toMatchObject({ code: 422, message: INSUFFICIENT_CREDITS_MESSAGE });
    const [row] = await ctx.handle.db
      .select()
      .from(purchaseRequests)
      .where(eq(purchaseRequests.id, created.id));
    expect(row).toMatchObject({ status: 'pending', orderId: null });
  });

  it('declines with a reason the requester reads, after which it cannot be approved', async () => {
    await limitTo(1);
    const created = await request();
    const url = `/purchase-requests/${created.id}/decline`;
    const blank = await call('POST', url, tokens.buyer, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().violations[0].path).toBe('reason');
    const long = await call('POST', url, tokens.buyer, { reason: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    const declined = await call('POST', url, tokens.buyer, { reason: 'Not this quarter' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(PurchaseRequestSchema.parse(declined.json())).toMatchObject({
      status: 'declined',
      decline_reason: 'Not this quarter',
    });
    const late = await approve(created.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 409, message: PURCHASE_REQUEST_DECIDED_MESSAGE });
    const mine = PurchaseRequestListSchema.parse(
      (await call('GET', '/purchase-requests?view=mine', member.token)).json(),
    );
    expect(mine.data.map((r) => [r.number, r.status, r.decline_reason])).toEqual([
      [created.number, 'declined', 'Not this quarter'],
    ]);
    expect(await auditActions()).toContain('purchase.declined');
  });

  it('lets only the company’s approvers decide: 403 for its Buyer, 404 for another company', async () => {
    await limitTo(1);
    const created = await request();
    const own = await approve(created.id, member.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe(403);
    const foreign = await approve(created.id, tokens.secondBuyer);
    expect(foreign.statusCode).toBe(404);
    const foreignDecline = await call(
      'POST',
      `/purchase-requests/${created.id}/decline`,
      tokens.secondBuyer,
      { reason: 'no' },
    );
    expect(foreignDecline.statusCode).toBe(404);
    const buyersQueue = await call('GET', '/purchase-requests?view=to_decide', member.token);
    expect(buyersQueue.statusCode).toBe(403);
    const foreignQueue = PurchaseRequestListSchema.parse(
      (await call('GET', '/purchase-requests?view=to_decide', tokens.secondBuyer)).json(),
    );
    expect(foreignQueue.data).toEqual([]);
    const queue = PurchaseRequestListSchema.parse(
      (await call('GET', '/purchase-requests?view=to_decide', tokens.buyer)).json(),
    );
    expect(queue.data.map((r) => [r.id, r.can_decide])).toEqual([[created.id, true]]);
    const unknown = await approve(crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
  });

  it('counts the requests waiting for a decision, and no longer one once it is decided', async () => {
    await limitTo(1);
    const created = await request();
    const waiting = async (status: string) =>
      PurchaseRequestListSchema.parse(
        (
          await call(
            'GET',
            `/purchase-requests?view=to_decide&status=${status}&limit=1`,
            tokens.buyer,
          )
        ).json(),
      ).pagination.total;
    expect(await waiting('pending')).toBe(1);
    expect((await approve(created.id)).statusCode).toBe(200);
    expect(await waiting('pending')).toBe(0);
    expect(await waiting('approved')).toBe(1);
    const unknown = await call('GET', '/purchase-requests?status=lost', tokens.buyer);
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses checkout to a Viewer with 403', async () => {
    const defaults = await call('GET', '/shopping-carts/defaults', viewer.token);
    expect(defaults.statusCode).toBe(403);
    const place = await call('POST', '/orders', viewer.token, body());
    expect(place.statusCode).toBe(403);
    const methods = await call('GET', '/orders/payment-methods', viewer.token);
    expect(methods.statusCode).toBe(403);
  });
});
