// What the processes of one installation work (WORKERS, decision 195): recurring kinds queued
// once per slot by any number of apps on one database, a web process that works nothing, a
// worker process that works only its kinds, and a misspelt kind refused at start.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestContext, TEST_JWT_SECRET, type TestContext } from '#tests/helpers/test-app.ts';

import { createApp } from '../app.ts';
import { jobs, schedules } from '../db/schema/index.ts';
import { MAIL_JOB } from '../mail/mail-queue.ts';
import { createLocalFileStore } from '../storage/local-file-store.ts';

// The kinds by the names an operator gives WORKERS.
const MONTHLY_BILLS_JOB = 'monthly-bills';
const MISSING_DETAILS_JOB = 'missing-details-reminders';
const LINK_MONITOR_JOB = 'link-monitor';

describe('background work across processes', () => {
  let first: TestContext;
  const others: TestContext[] = [];
  /** Another process on the first one's database, with its own clock. */
  const another = async (workers?: 'all' | 'none' | string[]) => {
    const ctx = await createTestContext({
      handle: first.handle,
      closeHandle: async () => {},
      overrides: { workers, jobPollIntervalMs: 10 },
    });
    ctx.clock.set(first.clock.now());
    others.push(ctx);
    return ctx;
  };

  beforeAll(async () => {
    first = await createTestContext({ overrides: { jobPollIntervalMs: 10 } });
  });
  afterAll(async () => {
    for (const ctx of others) await ctx.close();
    await first.close();
  });
  beforeEach(async () => {
    for (const ctx of others.splice(0)) await ctx.close();
    await first.handle.db.delete(jobs);
    await first.handle.db.delete(schedules);
  });

  const slotsOf = async (kind: string) =>
    (await first.handle.db.select().from(jobs).where(eq(jobs.kind, kind)))
      .map((job) => String(job.payload.slot))
      .sort();

  it('queues the monthly bills and the reminders once per slot, at their times, while two apps tick for three days', async () => {
    const second = await another();
    const start = new Date('2026-03-31T20:00:00Z');
    for (let hour = 0; hour < 72; hour += 1) {
      const at = new Date(start.getTime() + hour * 3_600_000);
      first.clock.set(at);
      second.clock.set(at);
      await Promise.all([first.app.schedules.tick(), second.app.schedules.tick()]);
    }
    // The first tick queues the slot that last began; then one a day at 02:00 and 09:00 UTC.
    expect(await slotsOf(MONTHLY_BILLS_JOB)).toEqual([
      '2026-03-31T02:00:00.000Z',
      '2026-04-01T02:00:00.000Z',
      '2026-04-02T02:00:00.000Z',
      '2026-04-03T02:00:00.000Z',
    ]);
    expect(await slotsOf(MISSING_DETAILS_JOB)).toEqual([
      '2026-03-31T09:00:00.000Z',
      '2026-04-01T09:00:00.000Z',
      '2026-04-02T09:00:00.000Z',
      '2026-04-03T09:00:00.000Z',
    ]);
    // Every minute on the minute: one pass per hour ticked, none twice.
    const passes = await slotsOf(LINK_MONITOR_JOB);
    expect(passes).toHaveLength(72);
    expect(passes.every((slot) => slot.endsWith(':00:00.000Z'))).toBe(true);
  });

  it('works nothing and schedules nothing in a web process (WORKERS=none)', async () => {
    const web = await another('none');
    await web.app.jobs.enqueue(MONTHLY_BILLS_JOB, {});
    web.app.background.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await web.app.background.stop();
    const rows = await first.handle.db.select().from(jobs);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([[MONTHLY_BILLS_JOB, 'pending']]);
    expect(await first.handle.db.select().from(schedules)).toEqual([]);
  });

  it('claims and schedules only its kinds in a worker process (WORKERS=<kinds>)', async () => {
    const worker = await another([MAIL_JOB, MISSING_DETAILS_JOB]);
    await worker.app.jobs.enqueue(MONTHLY_BILLS_JOB, {});
    await worker.app.jobs.enqueue(MAIL_JOB, { to: 'a@example.com', subject: 'Hi', text: 'Hello' });
    worker.app.background.start();
    await expect
      .poll(async () =>
        (await first.handle.db.select().from(jobs))
          .map((row) => `${row.kind} ${row.status}`)
          .sort(),
      )
      .toEqual([
        `${MAIL_JOB} completed`,
        `${MISSING_DETAILS_JOB} completed`,
        `${MONTHLY_BILLS_JOB} pending`,
      ]);
    await worker.app.background.stop();
    const scheduled = await first.handle.db.select().from(schedules);
    expect(scheduled.map((row) => row.kind)).toEqual([MISSING_DETAILS_JOB]);
  });

  it('refuses to start with a kind of job no module handles, naming it', async () => {
    await expect(
      createApp({
        db: first.handle.db,
        jwtSecret: TEST_JWT_SECRET,
        mailer: { send: async () => {} },
        publicUrl: 'http://portal.test',
        files: createLocalFileStore('/nonexistent'),
        workers: [MAIL_JOB, 'monthly-bill'],
      }),
    ).rejects.toThrow(
      /^WORKERS names a kind of job that no module handles: monthly-bill\. The kinds are: .*monthly-bills/,
    );
  });
});
