// What the link monitoring suites share: a scripted link checker (the edge of the world for the
// schedule: each live URL answers what the test set, and the checker records how many checks ran
// at once, per host and in all), live items made through the life cycle, and a pass of the
// link monitor's job.
import { eq } from 'drizzle-orm';

import type { LinkCheckOutcome } from '#contract/link-monitoring.ts';
import { linkMonitors, orderItems, sites } from '#server/db/schema/index.ts';
import { demoControlKey } from '#server/http/demo-control.ts';
import type {
  ExpectedRel,
  LinkChecker,
  LinkCheckInput,
  LinkCheckResult,
} from '#server/modules/link-monitoring/link-check-types.ts';
import { LINK_MONITOR_JOB } from '#server/modules/link-monitoring/link-monitoring.service.ts';

import { type CatalogueFacts, lineOfKind, placeOrder, setCredits, type Who } from './orders.ts';
import { type AppOverrides, TEST_JWT_SECRET, type TestContext } from './test-app.ts';

export interface ScriptedChecker extends LinkChecker {
  /** What the checks of `liveUrl` find from now on (ok until set). */
  set(liveUrl: string, outcome: LinkCheckOutcome, detail?: string): void;
  /** Every check asked for, in order. */
  readonly calls: LinkCheckInput[];
  /** How long each check takes, in real milliseconds. */
  delayMs: number;
  /** Runs during each check, after the delay (a test's way to change the world meanwhile). */
  during: ((input: LinkCheckInput) => Promise<void>) | null;
  /** The most checks that ran at once, in all and per host. */
  readonly maxInFlight: { all: number; perHost: Map<string, number> };
  reset(): void;
}

export function createScriptedChecker(): ScriptedChecker {
  const outcomes = new Map<string, { outcome: LinkCheckOutcome; detail: string | null }>();
  const calls: LinkCheckInput[] = [];
  const inFlight = { all: 0, perHost: new Map<string, number>() };
  const maxInFlight = { all: 0, perHost: new Map<string, number>() };
  const checker: ScriptedChecker = {
    calls,
    delayMs: 0,
    during: null,
    maxInFlight,
    set: (liveUrl, outcome, detail) => {
      outcomes.set(liveUrl, { outcome, detail: detail ?? null });
    },
    reset: () => {
      outcomes.clear();
      calls.length = 0;
      checker.delayMs = 0;
      checker.during = null;
      maxInFlight.all = 0;
      maxInFlight.perHost.clear();
    },
    check: async (input): Promise<LinkCheckResult> => {
      calls.push(input);
      const host = new URL(input.liveUrl).hostname;
      inFlight.all += 1;
      inFlight.perHost.set(host, (inFlight.perHost.get(host) ?? 0) + 1);
      maxInFlight.all = Math.max(maxInFlight.all, inFlight.all);
      maxInFlight.perHost.set(
        host,
        Math.max(maxInFlight.perHost.get(host) ?? 0, inFlight.perHost.get(host) ?? 0),
      );
      try {
        if (checker.delayMs > 0) await new Promise((r) => setTimeout(r, checker.delayMs));
        await checker.during?.(input);
        const { outcome, detail } = outcomes.get(input.liveUrl) ?? { outcome: 'ok', detail: null };
        return {
          outcome,
          httpStatus: outcome === 'page_unreachable' ? null : outcome === 'page_error' ? 404 : 200,
          finalUrl: input.liveUrl,
          found:
            outcome === 'ok'
              ? { href: input.targetUrl, rel: [], anchor: input.anchorText }
              : outcome === 'wrong_rel'
                ? { href: input.targetUrl, rel: ['nofollow'], anchor: input.anchorText }
                : null,
          detail,
          isDisallowedByRobots: false,
          durationMs: checker.delayMs,
        };
      } finally {
        inFlight.all -= 1;
        inFlight.perHost.set(host, (inFlight.perHost.get(host) ?? 1) - 1);
      }
    },
  };
  return checker;
}

/** The app's options of a monitoring suite: the scripted checker and the demo control. */
export function monitoringOverrides(checker: LinkChecker): AppOverrides {
  return {
    linkChecker: checker,
    // The demo control publishes items through the life cycle; its pace of 0 moves nothing alone.
    demo: { advanceSeconds: 0 },
    // The suites move the clock by days: their sign-ins outlast it.
    accessTokenTtlSeconds: 5 * 365 * 24 * 60 * 60,
  };
}

/** Runs the publisher's named step on the item through the demo control. */
export async function publisherStep(ctx: TestContext, itemId: string, event: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/demo/order-items/${itemId}/advance`,
    headers: { 'x-demo-key': demoControlKey(TEST_JWT_SECRET) },
    payload: { event },
  });
  if (response.statusCode !== 200) throw new Error(`${event} failed: ${response.body}`);
  return response.json() as { to: string };
}

export type LiveItem = typeof orderItems.$inferSelect;

/**
 * `count` items of one order of the buyer (on different sites), published now through the
 * life cycle: answers them as stored, live links included.
 */
export async function liveItems(
  ctx: TestContext,
  facts: CatalogueFacts,
  token: string,
  count: number,
  who: Who = 'buyer',
  skip = 0,
): Promise<{ orderId: string; orderNumber: string; items: LiveItem[] }> {
  await setCredits(ctx.handle.db, facts.companyIds[who], '900000.00');
  const lines = Array.from({ length: count }, (_, index) =>
    lineOfKind(facts, 'buyerArticle', who, skip + index),
  );
  const { order, items } = await placeOrder(ctx, token, facts, lines, 'credits', who);
  for (const item of items) {
    await ctx.handle.db
      .update(orderItems)
      .set({ status: 'sent_for_publication' })
      .where(eq(orderItems.id, item.id));
    await publisherStep(ctx, item.id, 'publish');
  }
  const published = [];
  for (const item of items) {
    const [row] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    if (!row) throw new Error('No item');
    published.push(row);
  }
  return { orderId: order.id, orderNumber: order.number, items: published };
}

/** One pass of the link monitor's job, as its worker runs it. */
export async function runMonitor(ctx: TestContext): Promise<void> {
  await ctx.app.linkMonitor.enqueue(LINK_MONITOR_JOB, {});
  while (await ctx.app.linkMonitor.runNext());
}

/** What the item's site sells: the link the checks expect. */
export async function expectedRelOf(ctx: TestContext, item: LiveItem): Promise<ExpectedRel> {
  const [site] = await ctx.handle.db
    .select({ linkType: sites.linkType, sponsorTagType: sites.sponsorTagType })
    .from(sites)
    .where(eq(sites.id, item.siteId!));
  if (!site) throw new Error('No site');
  if (site.sponsorTagType === 'rel_sponsored') return 'sponsored';
  return site.linkType === 'no_follow' ? 'no_follow' : 'do_follow';
}

export async function monitorOf(ctx: TestContext, itemId: string) {
  const [row] = await ctx.handle.db
    .select()
    .from(linkMonitors)
    .where(eq(linkMonitors.itemId, itemId));
  return row ?? null;
}

/** Moves the clock to the item's next check (plus `seconds`). */
export async function toNextCheck(ctx: TestContext, itemId: string, seconds = 0): Promise<void> {
  const monitor = await monitorOf(ctx, itemId);
  if (!monitor) throw new Error('Not monitored');
  ctx.clock.set(new Date(monitor.nextCheckAt.getTime() + seconds * 1000));
}
