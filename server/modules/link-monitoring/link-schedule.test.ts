// The schedule of link checks on the test clock (decision 140): the first check within an hour,
// then daily at the item's own time, a failure re-checked after an hour, three failures in a row
// opening one issue that tells the buyer, an ok check closing it, pausing while the publisher
// updates the article, and picking up links published before monitoring.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { LinkIssueListSchema } from '#contract/link-monitoring.ts';
import { OrderItemListSchema } from '#contract/order-items.ts';
import { linkIssues, linkMonitors } from '#server/db/schema/index.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import {
  createScriptedChecker,
  expectedRelOf,
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
  countRows,
  setNotifications,
} from '#tests/helpers/orders.ts';
import {
  createTestContext,
  signInBuyers,
  TEST_START,
  type TestContext,
} from '#tests/helpers/test-app.ts';

import { spreadOf } from './link-schedule.ts';

const HOUR = 60 * 60;
const checker = createScriptedChecker();

describe('the link check schedule', () => {
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
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    checker.reset();
    ctx.clock.set(TEST_START);
    await setNotifications(ctx.handle.db, facts.userIds.buyer);
    // Earlier tests' links are checked no more, so that each test counts its own checks.
    await ctx.handle.db.update(linkMonitors).set({ isActive: false });
  });

  /** A new live item of the buyer, on a site of its own. */
  const oneLiveItem = async (): Promise<LiveItem> => {
    const { items } = await liveItems(ctx, facts, tokens.buyer, 1, 'buyer', skip);
    skip += 1;
    const [item] = items;
    if (!item) throw new Error('No item');
    return item;
  };
  const checksOf = (item: LiveItem) =>
    checker.calls.filter((input) => input.liveUrl === item.liveLink).length;
  const issuesOf = async (item: LiveItem) => {
    const response = await call('GET', `/orders/items/${item.id}/link-issues`, tokens.buyer);
    expect(response.statusCode, response.body).toBe(200);
    return LinkIssueListSchema.parse(response.json()).data;
  };
  const healthOf = async (item: LiveItem) => {
    const response = await call('GET', `/orders/${item.orderId}/items`, tokens.buyer);
    return OrderItemListSchema.parse(response.json()).data.find((row) => row.id === item.id)
      ?.link_health;
  };
  const issueMails = () =>
    mailsTo(ctx.mailDir, FIXTURE.buyer).filter((mail) =>
      mail.subject.startsWith('A live link needs attention'),
    );

  it('checks a new live link within an hour, then once a day at the link’s own time', async () => {
    const item = await oneLiveItem();
    const publishedAt = ctx.clock.now();
    const monitor = await monitorOf(ctx, item.id);
    const expectedRel = await expectedRelOf(ctx, item);
    expect(monitor).toMatchObject({ isActive: true, failureStreak: 0, expectedRel });
    const first = monitor!.nextCheckAt.getTime() - publishedAt.getTime();
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(HOUR * 1000);
    expect(first).toBe(Math.floor(spreadOf(item.id) * HOUR * 1000));
    expect(await healthOf(item)).toEqual({
      status: 'pending',
      last_checked_at: null,
      last_outcome: null,
    });

    await toNextCheck(ctx, item.id, -1);
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(0);
    await toNextCheck(ctx, item.id);
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(1);
    expect(checker.calls[0]).toEqual({
      liveUrl: item.liveLink,
      targetUrl: item.targetUrl,
      anchorText: item.anchorText,
      expectedRel,
    });
    const checkedAt = ctx.clock.now();
    expect(await healthOf(item)).toEqual({
      status: 'healthy',
      last_checked_at: checkedAt.toISOString(),
      last_outcome: 'ok',
    });

    const next = (await monitorOf(ctx, item.id))!.nextCheckAt.getTime() - checkedAt.getTime();
    expect(next).toBeGreaterThan(12 * HOUR * 1000);
    expect(next).toBeLessThanOrEqual(36 * HOUR * 1000);
    // The same time of day, day after day.
    await toNextCheck(ctx, item.id);
    const secondAt = ctx.clock.now();
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(2);
    const third = (await monitorOf(ctx, item.id))!.nextCheckAt;
    expect(third.getTime() - secondAt.getTime()).toBe(24 * HOUR * 1000);
    // Nothing is checked twice in one pass or before it is due.
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(2);
  });

  it('re-checks a failure after an hour and opens one issue after three failures in a row', async () => {
    const item = await oneLiveItem();
    checker.set(item.liveLink!, 'link_missing', 'No link to northwind-outdoor.com on the page');
    await toNextCheck(ctx, item.id);
    await runMonitor(ctx);
    expect(await monitorOf(ctx, item.id)).toMatchObject({ failureStreak: 1 });
    expect(await healthOf(item)).toMatchObject({ status: 'failing', last_outcome: 'link_missing' });
    const failedAt = ctx.clock.now().getTime();
    expect((await monitorOf(ctx, item.id))!.nextCheckAt.getTime()).toBe(failedAt + HOUR * 1000);

    ctx.clock.advanceSeconds(HOUR - 1);
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(1);
    ctx.clock.advanceSeconds(1);
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(2);
    expect(await issuesOf(item)).toEqual([]);

    ctx.clock.advanceSeconds(HOUR);
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(3);
    const openedAt = ctx.clock.now().toISOString();
    const [issue, ...others] = await issuesOf(item);
    expect(others).toEqual([]);
    expect(issue).toMatchObject({
      opened_at: openedAt,
      closed_at: null,
      outcome: 'link_missing',
      is_within_guarantee: true,
      restore_requested_at: null,
      resolution: null,
      can_request_restore: true,
      can_request_refund: false,
      refund_available_at: new Date(Date.parse(openedAt) + 14 * 24 * HOUR * 1000).toISOString(),
    });
    expect(issue?.events.map((event) => event.kind)).toEqual(['opened', 'buyer_notified']);
    expect(issue?.events[0]?.detail).toContain('Link missing: No link to northwind-outdoor.com');
    expect(await healthOf(item)).toMatchObject({ status: 'issue' });
    await ctx.drainMail();
    const [mail, ...moreMails] = issueMails();
    expect(moreMails).toEqual([]);
    expect(mail?.subject).toBe(`A live link needs attention: ${item.number}`);
    expect(mail?.text).toContain('Link missing: No link to northwind-outdoor.com on the page');
    expect(mail?.text).toContain('You can ask for a restore');

    // Still failing: the usual pace again, and no second issue.
    const next = (await monitorOf(ctx, item.id))!.nextCheckAt.getTime();
    expect(next - ctx.clock.now().getTime()).toBeGreaterThan(12 * HOUR * 1000);
    await toNextCheck(ctx, item.id);
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(4);
    expect(await countRows(ctx.handle.db, 'link_issues', eq(linkIssues.itemId, item.id))).toBe(1);
    await ctx.drainMail();
    expect(issueMails()).toHaveLength(1);

    // The publisher put the link back: the next check closes the issue.
    checker.set(item.liveLink!, 'ok');
    await toNextCheck(ctx, item.id);
    await runMonitor(ctx);
    const [closed] = await issuesOf(item);
    expect(closed).toMatchObject({
      closed_at: ctx.clock.now().toISOString(),
      resolution: 'restored',
      can_request_restore: false,
      can_request_refund: false,
      refund_available_at: null,
    });
    expect(closed?.events.map((event) => event.kind)).toEqual([
      'opened',
      'buyer_notified',
      'link_restored',
      'closed',
    ]);
    expect(await monitorOf(ctx, item.id)).toMatchObject({ failureStreak: 0 });
    expect(await healthOf(item)).toMatchObject({ status: 'healthy', last_outcome: 'ok' });
  });

  it('starts counting again after an ok check between failures', async () => {
    const item = await oneLiveItem();
    const url = item.liveLink!;
    for (const outcome of ['wrong_rel', 'wrong_anchor', 'ok', 'page_error', 'noindex'] as const) {
      checker.set(url, outcome);
      await toNextCheck(ctx, item.id);
      await runMonitor(ctx);
    }
    expect(checksOf(item)).toBe(5);
    expect(await monitorOf(ctx, item.id)).toMatchObject({ failureStreak: 2 });
    expect(await issuesOf(item)).toEqual([]);
  });

  it('tells the buyer in the portal only when their link issue mails are off', async () => {
    await setNotifications(ctx.handle.db, facts.userIds.buyer, { link_issues: false });
    const item = await oneLiveItem();
    checker.set(item.liveLink!, 'page_unreachable', 'Timed out after 10 s');
    for (let check = 0; check < 3; check += 1) {
      await toNextCheck(ctx, item.id);
      await runMonitor(ctx);
    }
    const [issue] = await issuesOf(item);
    expect(issue?.events.at(-1)).toMatchObject({
      kind: 'buyer_notified',
      detail: 'In the portal (e-mails about link issues are turned off).',
    });
    await ctx.drainMail();
    expect(issueMails().filter((mail) => mail.subject.endsWith(item.number))).toEqual([]);
    const [row] = await ctx.handle.db
      .select({ notifiedAt: linkIssues.notifiedAt })
      .from(linkIssues)
      .where(eq(linkIssues.itemId, item.id));
    expect(row?.notifiedAt).toBeNull();
  });

  it('pauses while the publisher updates the article and checks again soon after it is republished', async () => {
    const item = await oneLiveItem();
    await toNextCheck(ctx, item.id);
    await runMonitor(ctx);
    const edits = await call('PUT', '/orders/items/request-edits', tokens.buyer, {
      is_requested_edits: true,
      ids: [item.id],
    });
    expect(edits.statusCode, edits.body).toBe(200);
    await publisherStep(ctx, item.id, 'start_update');
    expect(await monitorOf(ctx, item.id)).toMatchObject({ isActive: false });
    ctx.clock.advanceSeconds(3 * 24 * HOUR);
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(1);
    // Its last health is still shown while it is being updated.
    expect(await healthOf(item)).toMatchObject({ status: 'healthy' });

    await publisherStep(ctx, item.id, 'republish');
    const resumed = await monitorOf(ctx, item.id);
    expect(resumed?.isActive).toBe(true);
    const wait = resumed!.nextCheckAt.getTime() - ctx.clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(0);
    expect(wait).toBeLessThan(HOUR * 1000);
    await toNextCheck(ctx, item.id);
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(2);
  });

  it('picks up live links published before monitoring began', async () => {
    const item = await oneLiveItem();
    await ctx.handle.db.delete(linkMonitors).where(eq(linkMonitors.itemId, item.id));
    expect(await healthOf(item)).toEqual({
      status: 'pending',
      last_checked_at: null,
      last_outcome: null,
    });
    await runMonitor(ctx);
    const adopted = await monitorOf(ctx, item.id);
    expect(adopted).toMatchObject({ isActive: true, expectedRel: await expectedRelOf(ctx, item) });
    await toNextCheck(ctx, item.id);
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(1);
  });

  it('freezes what was bought when monitoring starts: a sponsored link is checked as one', async () => {
    const item = await oneLiveItem();
    const monitor = await monitorOf(ctx, item.id);
    expect(monitor?.expectedRel).toBe(await expectedRelOf(ctx, item));
    // The guarantee runs twelve months from the publication.
    expect(monitor?.guaranteeEndsAt?.toISOString()).toBe(
      new Date(Date.UTC(2027, 2, 2, 9, 0, 0)).toISOString(),
    );
    await ctx.handle.db
      .update(linkMonitors)
      .set({ expectedRel: 'sponsored' })
      .where(and(eq(linkMonitors.itemId, item.id)));
    await toNextCheck(ctx, item.id);
    await runMonitor(ctx);
    expect(checker.calls.at(-1)?.expectedRel).toBe('sponsored');
  });
});
