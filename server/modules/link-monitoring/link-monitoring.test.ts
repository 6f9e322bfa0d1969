// The link monitoring API (decision 140): the buyer's monitored links with health, filters and
// summary; an item's checks and issues; "check now" with its limits; the link health of order
// items; validation; and that no route shows or changes another buyer's links.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ThreadSchema } from '#contract/conversations.ts';
import { ErrorBodySchema } from '#contract/errors.ts';
import {
  LinkCheckListSchema,
  LinkCheckSchema,
  LinkIssueListSchema,
  MonitoredLinkListSchema,
} from '#contract/link-monitoring.ts';
import { OrderItemListSchema } from '#contract/order-items.ts';
import { linkChecks, linkMonitors, orderItems } from '#server/db/schema/index.ts';
import { UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import {
  createScriptedChecker,
  type LiveItem,
  liveItems,
  monitoringOverrides,
  runMonitor,
} from '#tests/helpers/link-monitoring.ts';
import {
  buyerCalls,
  type CatalogueFacts,
  catalogueFacts,
  lineOfKind,
  placeOrder,
} from '#tests/helpers/orders.ts';
import {
  createTestContext,
  signInBuyers,
  TEST_START,
  type TestContext,
} from '#tests/helpers/test-app.ts';

import { CHECK_NOW_PER_HOUR } from './link-monitoring.service.ts';

const checker = createScriptedChecker();

describe('the link monitoring API', () => {
  let ctx: TestContext;
  let facts: CatalogueFacts;
  let tokens: { buyer: string; secondBuyer: string };
  let call: ReturnType<typeof buyerCalls>;
  /** The buyer's live items: healthy, failing, with an issue, never checked; and another order's. */
  let healthy: LiveItem;
  let failing: LiveItem;
  let broken: LiveItem;
  let pending: LiveItem;
  let otherOrder: { orderNumber: string; item: LiveItem };
  let theirs: LiveItem;
  let notLive: { id: string; orderId: string };

  beforeAll(async () => {
    ctx = await createTestContext({ overrides: monitoringOverrides(checker) });
    facts = await catalogueFacts(ctx.handle.db);
    tokens = await signInBuyers(ctx.app);
    call = buyerCalls(ctx);
    ctx.clock.set(TEST_START);
    const first = await liveItems(ctx, facts, tokens.buyer, 4, 'buyer', 0);
    [healthy, failing, broken, pending] = first.items as [LiveItem, LiveItem, LiveItem, LiveItem];
    // The second order's link points to the buyer's other domain.
    const second = await liveItems(ctx, facts, tokens.buyer, 1, 'buyer', 4);
    const otherDomain = facts.domains.buyer[1]!;
    await ctx.handle.db
      .update(orderItems)
      .set({ buyerDomainId: otherDomain.id, buyerDomainHostname: otherDomain.hostname })
      .where(eq(orderItems.id, second.items[0]!.id));
    otherOrder = { orderNumber: second.orderNumber, item: second.items[0]! };
    theirs = (await liveItems(ctx, facts, tokens.secondBuyer, 1, 'secondBuyer', 5)).items[0]!;
    const placed = await placeOrder(
      ctx,
      tokens.buyer,
      facts,
      [lineOfKind(facts, 'buyerArticle', 'buyer', 6)],
      'credits',
    );
    notLive = { id: placed.items[0]!.id, orderId: placed.order.id };

    checker.set(failing.liveLink!, 'wrong_anchor', 'Anchor "click here"');
    checker.set(broken.liveLink!, 'link_missing');
    // One pass checks everything but `pending` once; two more passes an hour apart check only
    // `broken` again (the others are not due), which opens its issue.
    const setNext = (items: LiveItem[], at: Date) =>
      ctx.handle.db
        .update(linkMonitors)
        .set({ nextCheckAt: at })
        .where(
          inArray(
            linkMonitors.itemId,
            items.map((item) => item.id),
          ),
        );
    const later = new Date('2030-01-01T00:00:00Z');
    await setNext([pending], later);
    await setNext([healthy, failing, broken, otherOrder.item, theirs], ctx.clock.now());
    await runMonitor(ctx);
    await setNext([failing], later);
    for (let pass = 0; pass < 2; pass += 1) {
      ctx.clock.advanceSeconds(60 * 60);
      await runMonitor(ctx);
    }
    await setNext([failing], ctx.clock.now());
  });
  afterAll(async () => {
    await ctx.close();
  });

  const list = async (query = '', token = tokens.buyer) => {
    const response = await call('GET', `/link-monitoring${query ? `?${query}` : ''}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return MonitoredLinkListSchema.parse(response.json());
  };
  const idsOf = (page: { data: { item: { id: string } }[] }) =>
    page.data.map((link) => link.item.id).sort();
  const violationsOf = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    return (ErrorBodySchema.parse(response.json()).violations ?? []).map((v) => v.path);
  };

  it('counts every check by its outcome for the metrics', async () => {
    const counted = await ctx.app.metrics.registry
      .getSingleMetric('portal_link_checks_total')
      ?.get();
    const byOutcome = Object.fromEntries(
      (counted?.values ?? []).map(({ labels, value }) => [labels.outcome, value]),
    );
    // The first pass checks five links; the two later ones only `broken` again.
    expect(byOutcome).toEqual({ ok: 3, wrong_anchor: 1, link_missing: 3 });
  });

  describe('GET /link-monitoring', () => {
    it('lists the buyer’s live links with their health and a summary', async () => {
      const page = await list();
      expect(idsOf(page)).toEqual(
        [healthy, failing, broken, pending, otherOrder.item].map((item) => item.id).sort(),
      );
      expect(page.pagination).toEqual({ page: 1, limit: 25, total: 5 });
      expect(page.summary).toEqual({
        total: 5,
        per_health: { pending: 1, healthy: 2, failing: 1, issue: 1 },
        // 2 of the 4 checked links.
        healthy_percent: 50,
        issues_open: 1,
      });
      const byId = new Map(page.data.map((link) => [link.item.id, link]));
      // Each row names its order's company, whose role decides what the member may do with it.
      expect(new Set(page.data.map((link) => link.order.company_id))).toEqual(
        new Set([facts.companyIds.buyer]),
      );
      expect(byId.get(healthy.id)).toMatchObject({
        health: 'healthy',
        live_link: healthy.liveLink,
        target_url: healthy.targetUrl,
        anchor_text: healthy.anchorText,
        site_hostname: healthy.siteHostname,
        last_check: { outcome: 'ok', http_status: 200 },
        open_issue: null,
        published_at: healthy.publishedAt?.toISOString(),
        guarantee_ends_at: '2027-03-02T09:00:00.000Z',
      });
      expect(byId.get(healthy.id)?.next_check_at).not.toBeNull();
      expect(byId.get(failing.id)).toMatchObject({
        health: 'failing',
        last_check: { outcome: 'wrong_anchor', detail: 'Anchor "click here"' },
      });
      expect(byId.get(broken.id)).toMatchObject({
        health: 'issue',
        open_issue: { outcome: 'link_missing', can_request_restore: true },
      });
      expect(byId.get(broken.id)?.open_issue?.events.map((event) => event.kind)).toEqual([
        'opened',
        'buyer_notified',
      ]);
      // The issue is in the item's conversation too, as its last event (decision 213).
      const thread = await call('GET', `/orders/items/${broken.id}/messages`, tokens.buyer);
      expect(ThreadSchema.parse(thread.json()).entries.at(-1)).toMatchObject({
        kind: 'event',
        event: 'link_issue_opened',
        side: 'platform',
        text: byId.get(broken.id)?.open_issue?.events[0]?.detail,
      });
      expect(byId.get(pending.id)).toMatchObject({ health: 'pending', last_check: null });
      // Newest published first.
      const published = page.data.map((link) => link.published_at ?? '');
      expect(published).toEqual([...published].sort().reverse());
    });

    it('filters by health, buyer domain and order; the summary follows all filters but health', async () => {
      const issues = await list('filter[health][]=issue&filter[health][]=failing');
      expect(idsOf(issues)).toEqual([failing.id, broken.id].sort());
      expect(issues.pagination.total).toBe(2);
      expect(issues.summary.total).toBe(5);
      const otherDomain = facts.domains.buyer[1]!.hostname;
      const byDomain = await list(`filter[buyer_domain][]=${otherDomain.toUpperCase()}`);
      expect(idsOf(byDomain)).toEqual([otherOrder.item.id]);
      expect(byDomain.summary).toMatchObject({ total: 1, healthy_percent: 100, issues_open: 0 });
      const byOrder = await list(`filter[order]=${otherOrder.orderNumber}`);
      expect(idsOf(byOrder)).toEqual([otherOrder.item.id]);
      const none = await list('filter[order]=999999');
      expect(none).toMatchObject({
        data: [],
        pagination: { total: 0 },
        summary: { total: 0, healthy_percent: null, issues_open: 0 },
      });
    });

    it('pages the list', async () => {
      const all = await list('limit=100');
      const first = await list('limit=2&page=1');
      const third = await list('limit=2&page=3');
      expect(first.data.map((link) => link.item.id)).toEqual(
        all.data.slice(0, 2).map((link) => link.item.id),
      );
      expect(third.data.map((link) => link.item.id)).toEqual(
        all.data.slice(4).map((link) => link.item.id),
      );
    });

    it('shows another buyer only their own links', async () => {
      const other = await list('', tokens.secondBuyer);
      expect(idsOf(other)).toEqual([theirs.id]);
      expect(other.summary.total).toBe(1);
    });

    it('refuses a query it does not know, naming the field', async () => {
      const bad = (query: string) => call('GET', `/link-monitoring?${query}`, tokens.buyer);
      expect(violationsOf(await bad('filter[health][]=broken'))).toEqual(['filter[health][0]']);
      expect(violationsOf(await bad('filter[order]=x%00y'))).toEqual(['filter[order]']);
      expect(violationsOf(await bad('filter[user]=1'))).toEqual(['filter[user]']);
      expect(violationsOf(await bad('limit=1000'))).toEqual(['limit']);
      expect(violationsOf(await bad('page=0'))).toEqual(['page']);
      expect(violationsOf(await bad(`filter[buyer_domain][]=${'a'.repeat(300)}`))).toEqual([
        'filter[buyer_domain][0]',
      ]);
    });
  });

  describe('an item’s checks and issues', () => {
    it('lists the checks of the item, newest first, paged', async () => {
      const response = await call('GET', `/orders/items/${broken.id}/link-checks`, tokens.buyer);
      expect(response.statusCode, response.body).toBe(200);
      const checks = LinkCheckListSchema.parse(response.json());
      expect(checks.pagination).toEqual({ page: 1, limit: 20, total: 3 });
      const times = checks.data.map((check) => check.checked_at);
      expect(times).toEqual([...times].sort().reverse());
      expect(checks.data[0]).toMatchObject({
        outcome: 'link_missing',
        http_status: 200,
        found: null,
        is_disallowed_by_robots: false,
      });
      const second = LinkCheckListSchema.parse(
        (
          await call('GET', `/orders/items/${broken.id}/link-checks?limit=1&page=2`, tokens.buyer)
        ).json(),
      );
      expect(second.data.map((check) => check.id)).toEqual([checks.data[1]!.id]);
      const none = await call('GET', `/orders/items/${notLive.id}/link-checks`, tokens.buyer);
      expect(LinkCheckListSchema.parse(none.json()).data).toEqual([]);
    });

    it('lists the issues of the item with their steps', async () => {
      const response = await call('GET', `/orders/items/${broken.id}/link-issues`, tokens.buyer);
      const [issue, ...rest] = LinkIssueListSchema.parse(response.json()).data;
      expect(rest).toEqual([]);
      expect(issue).toMatchObject({ outcome: 'link_missing', closed_at: null });
      const clean = await call('GET', `/orders/items/${healthy.id}/link-issues`, tokens.buyer);
      expect(clean.json()).toEqual({ data: [] });
    });

    it('answers another buyer’s item and unknown ids like missing ones, on every route', async () => {
      const [issue] = LinkIssueListSchema.parse(
        (await call('GET', `/orders/items/${broken.id}/link-issues`, tokens.buyer)).json(),
      ).data;
      const routes: [Parameters<typeof call>[0], string, object?][] = [
        ['GET', `/orders/items/${broken.id}/link-checks`],
        ['POST', `/orders/items/${broken.id}/link-checks`],
        ['GET', `/orders/items/${broken.id}/link-issues`],
        ['POST', `/orders/items/${broken.id}/link-issues/${issue!.id}/remedy`, { kind: 'restore' }],
      ];
      for (const [method, url, body] of routes) {
        for (const [token, path] of [
          [tokens.secondBuyer, url],
          [tokens.buyer, url.replace(broken.id, UNKNOWN_ID)],
        ] as const) {
          const response = await call(method, path, token, body);
          expect(response.statusCode, `${method} ${path}`).toBe(404);
          expect(response.json()).toEqual({ code: 404, message: 'Order item not found' });
        }
      }
      const unknownIssue = await call(
        'POST',
        `/orders/items/${broken.id}/link-issues/${UNKNOWN_ID}/remedy`,
        tokens.buyer,
        { kind: 'restore' },
      );
      expect(unknownIssue.json()).toEqual({ code: 404, message: 'Link issue not found' });
      // Nothing changed for the owner.
      const [after] = LinkIssueListSchema.parse(
        (await call('GET', `/orders/items/${broken.id}/link-issues`, tokens.buyer)).json(),
      ).data;
      expect(after?.restore_requested_at).toBeNull();
    });

    it('refuses malformed ids, bodies and queries with violations on their fields', async () => {
      expect(
        violationsOf(await call('GET', '/orders/items/not-a-uuid/link-checks', tokens.buyer)),
      ).toEqual(['id']);
      expect(
        violationsOf(
          await call('GET', `/orders/items/${broken.id}/link-checks?limit=0`, tokens.buyer),
        ),
      ).toEqual(['limit']);
      expect(
        violationsOf(await call('GET', `/orders/items/${broken.id}/link-issues?x=1`, tokens.buyer)),
      ).toEqual(['x']);
      const remedyUrl = `/orders/items/${broken.id}/link-issues/${UNKNOWN_ID}/remedy`;
      expect(
        violationsOf(await call('POST', remedyUrl, tokens.buyer, { kind: 'replace' })),
      ).toEqual(['kind']);
      expect(
        violationsOf(await call('POST', remedyUrl, tokens.buyer, { kind: 'refund', cents: 1 })),
      ).toEqual(['cents']);
      expect(violationsOf(await call('POST', remedyUrl, tokens.buyer, {}))).toEqual(['kind']);
      expect(
        violationsOf(
          await call('POST', remedyUrl.replace(UNKNOWN_ID, 'x'), tokens.buyer, { kind: 'refund' }),
        ),
      ).toEqual(['issueId']);
    });
  });

  describe('POST …/link-checks (check now)', () => {
    it('checks the link at once, answers the check and counts it like any other', async () => {
      const at = new Date(ctx.clock.now().getTime() + 60 * 60 * 1000);
      ctx.clock.set(at);
      const before = checker.calls.length;
      const response = await call('POST', `/orders/items/${failing.id}/link-checks`, tokens.buyer);
      expect(response.statusCode, response.body).toBe(201);
      const check = LinkCheckSchema.parse(response.json());
      expect(check).toMatchObject({ outcome: 'wrong_anchor', checked_at: at.toISOString() });
      expect(checker.calls.length).toBe(before + 1);
      const [monitor] = await ctx.handle.db
        .select()
        .from(linkMonitors)
        .where(eq(linkMonitors.itemId, failing.id));
      // The second failure in a row, re-checked after an hour.
      expect(monitor).toMatchObject({ failureStreak: 2, lastCheckId: check.id });
      expect(monitor!.nextCheckAt.getTime()).toBe(at.getTime() + 60 * 60 * 1000);
      const [stored] = await ctx.handle.db
        .select()
        .from(linkChecks)
        .where(eq(linkChecks.id, check.id));
      expect(stored?.requestedBy).toBe(facts.userIds.buyer);
    });

    it('answers 429 within a minute of the item’s last check asked for', async () => {
      const first = await call('POST', `/orders/items/${healthy.id}/link-checks`, tokens.buyer);
      expect(first.statusCode).toBe(201);
      ctx.clock.advanceSeconds(20);
      const again = await call('POST', `/orders/items/${healthy.id}/link-checks`, tokens.buyer);
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('40');
      expect(ErrorBodySchema.parse(again.json())).toMatchObject({
        code: 429,
        message: 'This link was checked at your request less than a minute ago; try again in 40 s.',
      });
      // Another link of the buyer may be checked meanwhile.
      const other = await call(
        'POST',
        `/orders/items/${otherOrder.item.id}/link-checks`,
        tokens.buyer,
      );
      expect(other.statusCode).toBe(201);
      ctx.clock.advanceSeconds(40);
      expect(
        (await call('POST', `/orders/items/${healthy.id}/link-checks`, tokens.buyer)).statusCode,
      ).toBe(201);
    });

    it(`answers 429 past ${CHECK_NOW_PER_HOUR} checks asked for by the buyer in an hour`, async () => {
      const at = ctx.clock.now();
      const asked = await ctx.handle.db
        .select({ id: linkChecks.id })
        .from(linkChecks)
        .where(
          and(
            eq(linkChecks.requestedBy, facts.userIds.buyer),
            inArray(linkChecks.itemId, [healthy.id, failing.id, otherOrder.item.id]),
          ),
        );
      const missing = CHECK_NOW_PER_HOUR - asked.length;
      await ctx.handle.db.insert(linkChecks).values(
        Array.from({ length: missing }, (_, index) => ({
          itemId: pending.id,
          checkedAt: new Date(at.getTime() - index * 1000),
          outcome: 'ok' as const,
          durationMs: 1,
          requestedBy: facts.userIds.buyer,
        })),
      );
      ctx.clock.advanceSeconds(61);
      const refused = await call('POST', `/orders/items/${broken.id}/link-checks`, tokens.buyer);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 429 });
      expect(refused.json().message).toContain(`${CHECK_NOW_PER_HOUR} checks in the last hour`);
      // The other buyer has their own limit.
      const their = await call(
        'POST',
        `/orders/items/${theirs.id}/link-checks`,
        tokens.secondBuyer,
      );
      expect(their.statusCode).toBe(201);
      ctx.clock.advanceSeconds(60 * 60);
      expect(
        (await call('POST', `/orders/items/${broken.id}/link-checks`, tokens.buyer)).statusCode,
      ).toBe(201);
    });

    it('refuses to check an item that is not a live link', async () => {
      const response = await call('POST', `/orders/items/${notLive.id}/link-checks`, tokens.buyer);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/^Item \d+-1 is \w+; only live links are checked\.$/);
    });
  });

  describe('order items', () => {
    it('carry their link’s health, null until live', async () => {
      const items = async (orderId: string) =>
        OrderItemListSchema.parse(
          (await call('GET', `/orders/${orderId}/items`, tokens.buyer)).json(),
        ).data;
      const byId = new Map((await items(healthy.orderId)).map((item) => [item.id, item]));
      expect(byId.get(healthy.id)?.link_health).toMatchObject({
        status: 'healthy',
        last_outcome: 'ok',
      });
      expect(byId.get(broken.id)?.link_health).toMatchObject({
        status: 'issue',
        last_outcome: 'link_missing',
      });
      expect(byId.get(pending.id)?.link_health).toMatchObject({ status: 'pending' });
      expect((await items(notLive.orderId))[0]?.link_health).toBeNull();
    });
  });
});
