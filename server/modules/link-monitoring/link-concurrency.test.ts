// Sharing the link checks (decision 140), on each database: one request at a time per host,
// several hosts at once, two workers on one database never checking a link twice, and the
// leases of a crashed worker (on its links and on a host) running out.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  jobs,
  linkCheckHosts,
  linkChecks,
  linkMonitors,
  orderItems,
} from '#server/db/schema/index.ts';
import { createJobRunner } from '#server/jobs/job-runner.ts';
import { createMailQueue } from '#server/mail/mail-queue.ts';
import { mailPayloadKey } from '#server/mail/mail-secrets.ts';
import {
  createScriptedChecker,
  type LiveItem,
  liveItems,
  monitoringOverrides,
  monitorOf,
  runMonitor,
} from '#tests/helpers/link-monitoring.ts';
import { type CatalogueFacts, catalogueFacts, countRows } from '#tests/helpers/orders.ts';
import {
  createTestContext,
  signInBuyers,
  TEST_JWT_SECRET,
  TEST_PUBLIC_URL,
  TEST_START,
  type TestContext,
} from '#tests/helpers/test-app.ts';

import {
  createLinkMonitor,
  createLinkMonitorJob,
  LINK_MONITOR_JOB,
  monitorPace,
} from './link-monitoring.service.ts';

const checker = createScriptedChecker();

describe('sharing the link checks', () => {
  let ctx: TestContext;
  let facts: CatalogueFacts;
  let token: string;
  let skip = 0;

  beforeAll(async () => {
    ctx = await createTestContext({
      overrides: { ...monitoringOverrides(checker), linkMonitoring: { concurrency: 4 } },
    });
    facts = await catalogueFacts(ctx.handle.db);
    token = (await signInBuyers(ctx.app)).buyer;
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    checker.reset();
    ctx.clock.set(TEST_START);
    await ctx.handle.db.update(linkMonitors).set({ isActive: false });
  });

  /** `count` live items, due now (and only they). */
  const dueItems = async (count: number): Promise<LiveItem[]> => {
    const { items } = await liveItems(ctx, facts, token, count, 'buyer', skip);
    skip += count;
    await ctx.handle.db
      .update(linkMonitors)
      .set({ nextCheckAt: ctx.clock.now() })
      .where(
        inArray(
          linkMonitors.itemId,
          items.map((item) => item.id),
        ),
      );
    return items;
  };
  const moveToHost = async (item: LiveItem, hostname: string): Promise<LiveItem> => {
    const liveLink = `https://${hostname}/${item.number}`;
    await ctx.handle.db.update(orderItems).set({ liveLink }).where(eq(orderItems.id, item.id));
    return { ...item, liveLink };
  };
  const checksOf = (item: LiveItem) =>
    checker.calls.filter((input) => input.liveUrl === item.liveLink).length;

  it('never sends two requests to one host at once, and checks other hosts meanwhile', async () => {
    const items = await dueItems(6);
    const moved = await Promise.all(
      items.map((item, index) => moveToHost(item, `site-${index % 2}.example`)),
    );
    checker.delayMs = 40;
    await runMonitor(ctx);
    expect(checker.calls).toHaveLength(6);
    expect(moved.map(checksOf)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(checker.maxInFlight.perHost.get('site-0.example')).toBe(1);
    expect(checker.maxInFlight.perHost.get('site-1.example')).toBe(1);
    expect(checker.maxInFlight.all).toBe(2);
    // Every host is free again.
    const hosts = await ctx.handle.db
      .select()
      .from(linkCheckHosts)
      .where(inArray(linkCheckHosts.hostname, ['site-0.example', 'site-1.example']));
    expect(hosts.map((host) => host.owner)).toEqual([null, null]);
  });

  it('keeps at most the concurrency limit of checks running in a process', async () => {
    await dueItems(10);
    checker.delayMs = 30;
    await runMonitor(ctx);
    expect(checker.calls).toHaveLength(10);
    expect(checker.maxInFlight.all).toBe(4);
  });

  /**
   * A job runner that works link-check passes only, as a worker process of `owner` would, with
   * one check at a time so that a pass runs in small batches (of four links).
   */
  function monitorRunner(owner: string, pollIntervalMs?: number) {
    const mail = createMailQueue({
      db: ctx.handle.db,
      now: ctx.clock.now,
      transport: { send: async () => {} },
      payloadKey: mailPayloadKey(TEST_JWT_SECRET),
      log: () => {},
    });
    return createJobRunner({
      db: ctx.handle.db,
      now: ctx.clock.now,
      kinds: { only: [LINK_MONITOR_JOB] },
      pollIntervalMs,
      handlers: {
        [LINK_MONITOR_JOB]: createLinkMonitorJob(
          createLinkMonitor({
            db: ctx.handle.db,
            now: ctx.clock.now,
            checker,
            pace: monitorPace({ intervalHours: 24, demoPaceSeconds: 0 }),
            concurrency: 1,
            guaranteeMonths: 12,
            mail: mail.queue,
            publicUrl: TEST_PUBLIC_URL,
            owner,
          }),
        ),
      },
    });
  }

  it('lets two workers on one database share the due links without checking one twice', async () => {
    const items = await dueItems(8);
    const runners = ['first', 'second'].map((owner) => monitorRunner(owner));
    checker.delayMs = 20;
    for (const runner of runners) await runner.enqueue(LINK_MONITOR_JOB, {});
    const ran = await Promise.all(runners.map((runner) => runner.runNext()));
    expect(ran).toEqual([true, true]);
    expect(items.map(checksOf)).toEqual(items.map(() => 1));
    expect(
      await countRows(
        ctx.handle.db,
        'link_checks',
        inArray(
          linkChecks.itemId,
          items.map((item) => item.id),
        ),
      ),
    ).toBe(8);
    // Both worked: neither waited for the other to finish everything.
    expect(checker.maxInFlight.all).toBe(2);
  });

  it('stops a pass between batches when its process stops, and another process goes on', async () => {
    const items = await dueItems(8);
    const runnerOf = (owner: string) => monitorRunner(owner, 10);
    checker.delayMs = 20;
    const first = runnerOf('stopping');
    const jobId = await first.enqueue(LINK_MONITOR_JOB, {});
    first.start();
    await expect.poll(() => checker.calls.length, { interval: 2, timeout: 10_000 }).toBe(1);
    await first.stop();
    // The batch under way was finished; the next was not claimed, and the pass is due again.
    expect(items.map(checksOf).filter((count) => count === 1)).toHaveLength(4);
    const [job] = await ctx.handle.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: 'pending', attempts: 0 });

    expect(await runnerOf('taking-over').runNext()).toBe(true);
    expect(items.map(checksOf)).toEqual(items.map(() => 1));
  });

  it('gives the links of a crashed worker back once its lease runs out', async () => {
    const [item] = await dueItems(1);
    await ctx.handle.db
      .update(linkMonitors)
      .set({
        leaseOwner: 'crashed-worker',
        leasedUntil: new Date(ctx.clock.now().getTime() + 10 * 60_000),
      })
      .where(eq(linkMonitors.itemId, item!.id));
    await runMonitor(ctx);
    expect(checksOf(item!)).toBe(0);
    ctx.clock.advanceSeconds(10 * 60 + 1);
    await runMonitor(ctx);
    expect(checksOf(item!)).toBe(1);
    expect(await monitorOf(ctx, item!.id)).toMatchObject({ leaseOwner: null, leasedUntil: null });
  });

  it('waits for a host another worker holds, and takes it over once that worker is gone', async () => {
    const [due] = await dueItems(1);
    const item = await moveToHost(due!, 'held.example');
    await ctx.handle.db.insert(linkCheckHosts).values({
      hostname: 'held.example',
      busyUntil: new Date(ctx.clock.now().getTime() + 30_000),
      owner: 'crashed-worker',
    });
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(0);
    const deferred = await monitorOf(ctx, item.id);
    expect(deferred).toMatchObject({ leaseOwner: null });
    expect(deferred!.nextCheckAt.getTime()).toBe(ctx.clock.now().getTime() + 30_000);
    ctx.clock.advanceSeconds(31);
    await runMonitor(ctx);
    expect(checksOf(item)).toBe(1);
    const [host] = await ctx.handle.db
      .select()
      .from(linkCheckHosts)
      .where(eq(linkCheckHosts.hostname, 'held.example'));
    expect(host?.owner).toBeNull();
  });

  it('drops the result of a worker whose lease another worker took over', async () => {
    const [item] = await dueItems(1);
    checker.during = async () => {
      await ctx.handle.db
        .update(linkMonitors)
        .set({ leaseOwner: 'another-worker' })
        .where(eq(linkMonitors.itemId, item!.id));
    };
    checker.set(item!.liveLink!, 'link_missing');
    await runMonitor(ctx);
    expect(checksOf(item!)).toBe(1);
    expect(await countRows(ctx.handle.db, 'link_checks', eq(linkChecks.itemId, item!.id))).toBe(0);
    expect(await monitorOf(ctx, item!.id)).toMatchObject({
      failureStreak: 0,
      leaseOwner: 'another-worker',
    });
  });
});
