// Remedies of a link issue under the guarantee (decision 144), on each database: a restore goes
// through the life cycle and the issue closes when the republished link checks ok; a refund is
// refused before its 14 days, then issues exactly one credit note, also when asked for several
// times at once; outside the guarantee the issue is shown but no remedy can be asked for.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ErrorBodySchema } from '#contract/errors.ts';
import {
  type LinkIssue,
  LinkIssueSchema,
  MonitoredLinkListSchema,
} from '#contract/link-monitoring.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import { OrderItemListSchema } from '#contract/order-items.ts';
import { vatCents } from '#contract/vat.ts';
import { creditNotes, linkMonitors, orderItems, orders } from '#server/db/schema/index.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import {
  createScriptedChecker,
  type LiveItem,
  liveItems,
  monitoringOverrides,
  monitorOf,
  publisherStep,
  runMonitor,
  toNextCheck,
} from '#tests/helpers/link-monitoring.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import {
  buyerCalls,
  type CatalogueFacts,
  catalogueFacts,
  creditsOf,
  setNotifications,
} from '#tests/helpers/orders.ts';
import {
  createTestContext,
  signInBuyers,
  TEST_START,
  type TestContext,
} from '#tests/helpers/test-app.ts';

const DAY = 24 * 60 * 60;
const checker = createScriptedChecker();

describe('remedies of a link issue', () => {
  let ctx: TestContext;
  let facts: CatalogueFacts;
  let tokens: { buyer: string; secondBuyer: string };
  let call: ReturnType<typeof buyerCalls>;
  let skip = 0;

  beforeAll(async () => {
    ctx = await createTestContext({ overrides: monitoringOverrides(checker) });
    facts = await catalogueFacts(ctx.handle.db);
    tokens = await signInBuyers(ctx.app);
    call = buyerCalls(ctx);
    await setNotifications(ctx.handle.db, facts.userIds.buyer);
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    checker.reset();
    ctx.clock.set(TEST_START);
    await ctx.handle.db.update(linkMonitors).set({ isActive: false });
  });

  /** A live item whose link failed three checks in a row, and its open issue. */
  const openIssue = async (
    prepare: (item: LiveItem) => Promise<void> = async () => {},
  ): Promise<{ item: LiveItem; issue: LinkIssue }> => {
    const { items } = await liveItems(ctx, facts, tokens.buyer, 1, 'buyer', skip);
    skip += 1;
    const item = items[0]!;
    await prepare(item);
    checker.set(item.liveLink!, 'wrong_rel', 'rel="nofollow"');
    for (let check = 0; check < 3; check += 1) {
      await toNextCheck(ctx, item.id);
      await runMonitor(ctx);
    }
    const [issue] = await issuesOf(item);
    if (!issue || issue.closed_at) throw new Error('No open issue');
    return { item, issue };
  };
  const issuesOf = async (item: LiveItem) => {
    const response = await call('GET', `/orders/items/${item.id}/link-issues`, tokens.buyer);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: LinkIssue[] }).data.map((issue) =>
      LinkIssueSchema.parse(issue),
    );
  };
  const remedy = (
    item: LiveItem,
    issue: LinkIssue,
    kind: string,
    key?: string,
    token = tokens.buyer,
  ) =>
    call(
      'POST',
      `/orders/items/${item.id}/link-issues/${issue.id}/remedy`,
      token,
      { kind },
      key ? { 'idempotency-key': key } : {},
    );
  const refusal = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(409);
    return ErrorBodySchema.parse(response.json()).message;
  };
  const healthOf = async (item: LiveItem) => {
    const response = await call('GET', `/orders/${item.orderId}/items`, tokens.buyer);
    return OrderItemListSchema.parse(response.json()).data.find((row) => row.id === item.id)
      ?.link_health;
  };
  const notesOf = (orderId: string) =>
    ctx.handle.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  const kinds = (issue: LinkIssue) => issue.events.map((event) => event.kind);

  it('restores: the publisher updates the article and the issue closes when the link checks ok', async () => {
    const { item, issue } = await openIssue();
    const asked = await remedy(item, issue, 'restore');
    expect(asked.statusCode, asked.body).toBe(200);
    const restoring = LinkIssueSchema.parse(asked.json());
    const now = ctx.clock.now();
    expect(restoring).toMatchObject({
      id: issue.id,
      restore_requested_at: now.toISOString(),
      can_request_restore: false,
      can_request_refund: false,
      refund_available_at: new Date(now.getTime() + 14 * DAY * 1000).toISOString(),
      closed_at: null,
    });
    expect(kinds(restoring)).toEqual(['opened', 'buyer_notified', 'restore_requested']);
    const [row] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row).toMatchObject({ status: 'live_link', isRequestedEdits: true });
    expect(refusal(await remedy(item, issue, 'restore'))).toMatch(
      /^A restore was already asked for on \d\d\/\d\d\/\d{4}\.$/,
    );

    await publisherStep(ctx, item.id, 'start_update');
    expect(await monitorOf(ctx, item.id)).toMatchObject({ isActive: false });
    checker.set(item.liveLink!, 'ok');
    ctx.clock.advanceSeconds(DAY);
    await publisherStep(ctx, item.id, 'republish');
    await toNextCheck(ctx, item.id);
    await runMonitor(ctx);
    const [closed] = await issuesOf(item);
    expect(closed).toMatchObject({
      resolution: 'restored',
      closed_at: ctx.clock.now().toISOString(),
    });
    expect(kinds(closed!)).toEqual([
      'opened',
      'buyer_notified',
      'restore_requested',
      'publisher_updating',
      'publisher_updating',
      'link_restored',
      'closed',
    ]);
    expect(await healthOf(item)).toMatchObject({ status: 'healthy' });
    expect(refusal(await remedy(item, issue, 'refund'))).toBe(
      'This link issue is closed: the link was restored.',
    );
  });

  it('refunds from 14 days after the issue opened: one credit note, once', async () => {
    const { item, issue } = await openIssue();
    const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.id, item.orderId));
    const creditsBefore = await creditsOf(ctx.handle.db, facts.companyIds.buyer);
    expect(refusal(await remedy(item, issue, 'refund'))).toMatch(
      /^A refund can be asked for from \d\d\/\d\d\/\d{4}: 14 days after the issue opened/,
    );
    ctx.clock.set(new Date(Date.parse(issue.opened_at) + 14 * DAY * 1000 - 1000));
    refusal(await remedy(item, issue, 'refund'));
    const [early] = await issuesOf(item);
    expect(early?.can_request_refund).toBe(false);
    ctx.clock.advanceSeconds(1);
    const [due] = await issuesOf(item);
    expect(due?.can_request_refund).toBe(true);

    const refunded = await remedy(item, issue, 'refund', 'refund-key-1');
    expect(refunded.statusCode, refunded.body).toBe(200);
    const closed = LinkIssueSchema.parse(refunded.json());
    const notes = await notesOf(item.orderId);
    expect(notes).toHaveLength(1);
    const net = moneyToCents(item.price) + moneyToCents(item.contentPrice);
    const amount = centsToMoney(net + vatCents(net, order!.vatRateBasisPoints));
    expect(notes[0]).toMatchObject({ amount, itemNumbers: [item.number] });
    expect(closed).toMatchObject({
      resolution: 'refunded',
      closed_at: ctx.clock.now().toISOString(),
      credit_note: { id: notes[0]!.id, number: notes[0]!.number },
      can_request_refund: false,
      can_request_restore: false,
      refund_available_at: null,
    });
    expect(kinds(closed).slice(-3)).toEqual(['refund_requested', 'refunded', 'closed']);
    expect(closed.events.at(-2)?.detail).toBe(`Credit note ${notes[0]!.number}: ${amount}.`);
    expect(moneyToCents(await creditsOf(ctx.handle.db, facts.companyIds.buyer))).toBe(
      moneyToCents(creditsBefore) + moneyToCents(amount),
    );

    // Asked again: refused; repeated with the same key: the first answer, nothing more.
    expect(refusal(await remedy(item, issue, 'refund'))).toBe('This link was already refunded.');
    const replay = await remedy(item, issue, 'refund', 'refund-key-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(refunded.json());
    expect(await notesOf(item.orderId)).toHaveLength(1);

    // The link stays published, no longer guaranteed nor checked.
    const [row] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row?.status).toBe('live_link');
    expect(await monitorOf(ctx, item.id)).toMatchObject({ isActive: false });
    expect(await healthOf(item)).toBeNull();
    const list = MonitoredLinkListSchema.parse(
      (await call('GET', '/link-monitoring?limit=100', tokens.buyer)).json(),
    );
    expect(list.data.some((link) => link.item.id === item.id)).toBe(false);
    const checkNow = await call('POST', `/orders/items/${item.id}/link-checks`, tokens.buyer);
    expect(refusal(checkNow)).toContain('was refunded');
    checker.reset();
    ctx.clock.advanceSeconds(30 * DAY);
    await runMonitor(ctx);
    expect(checker.calls).toEqual([]);
  });

  it('counts the 14 days from the restore once one was asked for', async () => {
    const { item, issue } = await openIssue();
    ctx.clock.advanceSeconds(3 * DAY);
    expect((await remedy(item, issue, 'restore')).statusCode).toBe(200);
    ctx.clock.advanceSeconds(14 * DAY - 1);
    expect(refusal(await remedy(item, issue, 'refund'))).toContain(
      'after the restore was asked for',
    );
    ctx.clock.advanceSeconds(1);
    expect((await remedy(item, issue, 'refund')).statusCode).toBe(200);
  });

  it('issues one credit note when refunds are asked for at the same time', async () => {
    const { item, issue } = await openIssue();
    ctx.clock.advanceSeconds(15 * DAY);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => remedy(item, issue, 'refund', `parallel-${index}`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await notesOf(item.orderId)).toHaveLength(1);
  });

  it('shows an issue outside the guarantee but offers no remedy', async () => {
    const { item, issue } = await openIssue(async (live) => {
      await ctx.handle.db
        .update(linkMonitors)
        .set({ guaranteeEndsAt: new Date(ctx.clock.now().getTime() - DAY * 1000) })
        .where(eq(linkMonitors.itemId, live.id));
    });
    expect(issue).toMatchObject({
      is_within_guarantee: false,
      can_request_restore: false,
      can_request_refund: false,
      refund_available_at: null,
    });
    expect(refusal(await remedy(item, issue, 'restore'))).toMatch(
      /^The link's guarantee ended on \d\d\/\d\d\/\d{4}, before the issue opened/,
    );
    ctx.clock.advanceSeconds(20 * DAY);
    refusal(await remedy(item, issue, 'refund'));
    await ctx.drainMail();
    const mail = mailsTo(ctx.mailDir, FIXTURE.buyer).find(
      (sent) => sent.subject === `A live link needs attention: ${item.number}`,
    );
    expect(mail?.text).toContain('guarantee ended on');
    expect(mail?.text).not.toContain('You can ask for a restore');
  });

  it('keeps the remedies of an issue opened before the guarantee ended', async () => {
    const { item, issue } = await openIssue(async (live) => {
      await ctx.handle.db
        .update(linkMonitors)
        .set({ guaranteeEndsAt: new Date(ctx.clock.now().getTime() + 5 * DAY * 1000) })
        .where(eq(linkMonitors.itemId, live.id));
    });
    expect(issue.is_within_guarantee).toBe(true);
    ctx.clock.advanceSeconds(14 * DAY);
    expect((await remedy(item, issue, 'refund')).statusCode).toBe(200);
  });

  it('answers another buyer’s item or issue like a missing one', async () => {
    const { item, issue } = await openIssue();
    const theirs = await remedy(item, issue, 'restore', undefined, tokens.secondBuyer);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 404, message: 'Order item not found' });
    const { item: other } = await openIssue();
    const mismatched = await remedy(other, issue, 'restore');
    expect(mismatched.statusCode).toBe(404);
    expect(mismatched.json()).toMatchObject({ message: 'Link issue not found' });
    const [unchanged] = await issuesOf(item);
    expect(unchanged?.restore_requested_at).toBeNull();
  });
});
