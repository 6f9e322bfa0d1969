// The demo publisher (decision 041), run against each database: the paced job moving paid items
// through the publisher's steps with the buyer's mails, and the advance control.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ThreadSchema } from '#contract/conversations.ts';
import { OrderItemListSchema } from '#contract/order-items.ts';
import { OrderSchema } from '#contract/orders.ts';
import { cartItems, orderItems, orders } from '#server/db/schema/index.ts';
import { demoControlKey } from '#server/http/demo-control.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import {
  buyerCalls,
  type CatalogueFacts,
  catalogueFacts,
  lineOfKind,
  placeOrder,
  setCredits,
  setNotifications,
} from '#tests/helpers/orders.ts';
import {
  createTestContext,
  signInBuyers,
  TEST_JWT_SECRET,
  TEST_START,
  type TestContext,
} from '#tests/helpers/test-app.ts';

import { DEMO_PUBLISHER_JOB } from './demo-publisher.ts';

const PACE = 60;

describe('the demo publisher', () => {
  let ctx: TestContext;
  let facts: CatalogueFacts;
  let tokens: { buyer: string; secondBuyer: string };

  beforeAll(async () => {
    ctx = await createTestContext({ overrides: { demo: { advanceSeconds: PACE } } });
    facts = await catalogueFacts(ctx.handle.db);
    tokens = await signInBuyers(ctx.app);
    await setCredits(ctx.handle.db, facts.companyIds.buyer, '900000.00');
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.handle.db.delete(cartItems);
    ctx.clock.set(TEST_START);
  });

  const runPass = async () => {
    // What the orders queued before (their invoices' PDFs) runs first, as on the worker.
    while (await ctx.app.jobs.runNext());
    await ctx.app.jobs.enqueue(DEMO_PUBLISHER_JOB, {});
    expect(await ctx.app.jobs.runNext()).toBe(true);
    await ctx.drainMail();
  };
  const statusOf = async (id: string) => {
    const [row] = await ctx.handle.db
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(eq(orderItems.id, id));
    return row?.status;
  };
  const subjects = () => mailsTo(ctx.mailDir, FIXTURE.buyer).map((mail) => mail.subject);

  it('moves a paid item one step after the pace, through to a live link, mailing the buyer', async () => {
    const { order, items } = await placeOrder(
      ctx,
      tokens.buyer,
      facts,
      [lineOfKind(facts, 'approvedTopic')],
      'credits',
    );
    const [item] = items;
    if (!item) throw new Error('No item');
    const call = buyerCalls(ctx);

    ctx.clock.advanceSeconds(PACE - 1);
    await runPass();
    expect(await statusOf(item.id)).toBe('in_progress');

    ctx.clock.advanceSeconds(2);
    await runPass();
    expect(await statusOf(item.id)).toBe('topic_ready_for_approval');
    expect(subjects()).toContain(`Topic ready for approval: ${item.number}`);
    // Waiting for the buyer: no pass moves it.
    ctx.clock.advanceSeconds(PACE * 10);
    await runPass();
    expect(await statusOf(item.id)).toBe('topic_ready_for_approval');

    const approved = await call('PUT', '/orders/items/statuses', tokens.buyer, {
      transition: 'approve_topic',
      ids: [item.id],
    });
    expect(approved.statusCode).toBe(200);
    ctx.clock.advanceSeconds(PACE);
    await runPass();
    expect(await statusOf(item.id)).toBe('content_ready_for_approval');
    expect(subjects()).toContain(`Content ready for approval: ${item.number}`);
    await call('PUT', '/orders/items/statuses', tokens.buyer, {
      transition: 'approve_content',
      ids: [item.id],
    });
    for (const expected of ['sent_for_publication', 'live_link'] as const) {
      ctx.clock.advanceSeconds(PACE);
      await runPass();
      expect(await statusOf(item.id)).toBe(expected);
    }
    expect(subjects()).toContain(`Link published: ${item.number}`);
    const read = OrderSchema.parse((await call('GET', `/orders/${order.id}`, tokens.buyer)).json());
    expect(read).toMatchObject({ status: 'completed', live_links_amount: 1, links_amount: 1 });
    const [view] = OrderItemListSchema.parse(
      (await call('GET', `/orders/${order.id}/items`, tokens.buyer)).json(),
    ).data;
    expect(view?.live_link).toMatch(
      new RegExp(`^https://${item.siteHostname.replace(/\./g, '\\.')}/`),
    );
    expect(view?.published_at).toBe(ctx.clock.now().toISOString());
    expect(view?.article.status).toBe('published');
  });

  it('talks: asks about the topic it proposes, and answers a message once, on its next pass', async () => {
    const { items } = await placeOrder(
      ctx,
      tokens.buyer,
      facts,
      [lineOfKind(facts, 'approvedTopic')],
      'credits',
    );
    const [item] = items;
    if (!item) throw new Error('No item');
    const call = buyerCalls(ctx);
    const thread = async () => {
      const response = await call('GET', `/orders/items/${item.id}/messages`, tokens.buyer);
      return ThreadSchema.parse(response.json()).entries;
    };
    for (
      let pass = 0;
      pass < 3 && (await statusOf(item.id)) !== 'topic_ready_for_approval';
      pass++
    ) {
      ctx.clock.advanceSeconds(PACE);
      await runPass();
    }
    expect(await statusOf(item.id)).toBe('topic_ready_for_approval');
    const question = (await thread()).at(-1)!;
    expect(question).toMatchObject({ kind: 'message', side: 'publisher' });
    expect(question.text).toMatch(/angle/);

    const sent = await call('POST', `/orders/items/${item.id}/messages`, tokens.buyer, {
      text: 'Could you mention our spring range? Mail me at jane@example.com',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // The next pass answers, from where the item stands, without waiting for the pace.
    ctx.clock.advanceSeconds(1);
    await runPass();
    const answer = (await thread()).at(-1)!;
    expect(answer).toMatchObject({ kind: 'message', side: 'publisher', is_own: false });
    expect(answer.text).toMatch(/^Thanks for your note\. The topic we propose is "/);
    expect(
      (await thread()).find((entry) => entry.id === sent.json().id)?.read_by_publisher_at,
    ).toBe(ctx.clock.now().toISOString());
    await runPass();
    expect((await thread()).at(-1)!.id).toBe(answer.id);
  });

  it('leaves items of orders not paid yet alone', async () => {
    const { items } = await placeOrder(
      ctx,
      tokens.buyer,
      facts,
      [lineOfKind(facts, 'publisherTopic')],
      'bank_transfer',
    );
    ctx.clock.advanceSeconds(PACE * 5);
    await runPass();
    expect(await statusOf(items[0]?.id ?? '')).toBe('processing');
  });

  it('sends no step mail the buyer turned off', async () => {
    await setNotifications(ctx.handle.db, facts.userIds.buyer, { topic_ready_for_approval: false });
    try {
      const { items } = await placeOrder(
        ctx,
        tokens.buyer,
        facts,
        [lineOfKind(facts, 'approvedTopic')],
        'credits',
      );
      ctx.clock.advanceSeconds(PACE);
      await runPass();
      expect(await statusOf(items[0]?.id ?? '')).toBe('topic_ready_for_approval');
      expect(subjects()).not.toContain(`Topic ready for approval: ${items[0]?.number}`);
    } finally {
      await setNotifications(ctx.handle.db, facts.userIds.buyer);
    }
  });

  describe('the advance control', () => {
    const advance = (reference: string, body: object = {}, key = demoControlKey(TEST_JWT_SECRET)) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/demo/order-items/${reference}/advance`,
        headers: { 'x-demo-key': key },
        payload: body,
      });

    it('moves one item its next step at once, or the named one, and says what it did', async () => {
      const { order, items } = await placeOrder(
        ctx,
        tokens.buyer,
        facts,
        [lineOfKind(facts, 'buyerArticle'), lineOfKind(facts, 'publisherTopic')],
        'bank_transfer',
      );
      const [provide, written] = items;
      if (!provide || !written) throw new Error('No items');
      const paid = await advance(written.number);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toEqual({
        item: written.number,
        event: 'payment_received',
        from: 'processing',
        to: 'in_progress',
      });
      expect(await statusOf(provide.id)).toBe('waiting_for_content');
      const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.paymentStatus).toBe('paid');

      const next = await advance(written.id);
      expect(next.json()).toMatchObject({
        event: 'content_ready',
        to: 'content_ready_for_approval',
      });
      const idle = await advance(provide.number);
      expect(idle.json()).toEqual({ item: provide.number, event: null, from: null, to: null });
      const refused = await advance(written.number, { event: 'publish' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `Item ${written.number} is content_ready_for_approval; it cannot be published.`,
      );
      const buyerStep = await advance(written.number, { event: 'cancel' });
      expect(buyerStep.statusCode).toBe(400);
      const again = await advance(written.number, { event: 'payment_received' });
      expect(again.statusCode).toBe(409);
    });

    it('sends a buyer’s article back with the webmaster’s feedback when told to', async () => {
      const { order, items } = await placeOrder(
        ctx,
        tokens.buyer,
        facts,
        [lineOfKind(facts, 'buyerArticle')],
        'credits',
      );
      const [item] = items;
      if (!item) throw new Error('No item');
      const call = buyerCalls(ctx);
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/buyer/orders/items/${item.id}/articles`,
        headers: {
          authorization: `Bearer ${tokens.buyer}`,
          'content-type': 'multipart/form-data; boundary=x',
        },
        payload:
          '--x\r\nContent-Disposition: form-data; name="link"\r\n\r\ndocs.example.com/a\r\n--x--\r\n',
      });
      expect(await statusOf(item.id)).toBe('in_progress');
      const sent = await advance(item.number, { event: 'webmaster_feedback' });
      expect(sent.json()).toMatchObject({
        event: 'webmaster_feedback',
        to: 'waiting_for_content',
      });
      const [view] = OrderItemListSchema.parse(
        (await call('GET', `/orders/${order.id}/items`, tokens.buyer)).json(),
      ).data;
      expect(view).toMatchObject({
        status: 'waiting_for_content',
        article: { status: 'content_rewrite_required', link: 'https://docs.example.com/a' },
        webmaster_feedback: { text: expect.stringMatching(/\S/), file: null },
      });
    });

    it('answers 403 without the key and 404 for an unknown item', async () => {
      expect((await advance('100001-1', {}, 'wrong')).statusCode).toBe(403);
      expect((await advance('999999-9')).statusCode).toBe(404);
    });
  });
});
