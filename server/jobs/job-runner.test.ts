import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestClock } from '#tests/helpers/test-clock.ts';
import { createEmptyPglite } from '#tests/helpers/test-databases.ts';

import { systemClock } from '../clock.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';
import {
  ABANDONED_MESSAGE,
  createJobRunner,
  DEFAULT_STALE_AFTER_MS,
  type JobHandler,
} from './job-runner.ts';

describe('job runner', () => {
  let handle: DatabaseHandle;
  let clock = new Date('2026-03-02T09:00:00Z');
  const now = () => new Date(clock);

  beforeAll(async () => {
    handle = await createEmptyPglite();
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.delete(jobs);
  });

  const runnerWith = (handlers: Record<string, JobHandler>, pollIntervalMs = 5) =>
    createJobRunner({ db: handle.db, handlers, now, pollIntervalMs });

  it('runs pending jobs oldest first, once each, and marks them completed', async () => {
    const ran: unknown[] = [];
    const runner = runnerWith({ note: async (payload) => void ran.push(payload.n) });
    await runner.enqueue('note', { n: 1 });
    clock = new Date(clock.getTime() + 1000);
    await runner.enqueue('note', { n: 2 });
    expect(await runner.runNext()).toBe(true);
    expect(await runner.runNext()).toBe(true);
    expect(await runner.runNext()).toBe(false);
    expect(ran).toEqual([1, 2]);
    const rows = await handle.db.select().from(jobs).orderBy(asc(jobs.createdAt));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['completed', 1],
      ['completed', 1],
    ]);
  });

  it('marks a job failed with its error, and one of an unknown kind too', async () => {
    const runner = runnerWith({
      broken: async () => {
        throw new Error('disk full');
      },
    });
    await runner.enqueue('broken', {});
    clock = new Date(clock.getTime() + 1000);
    await runner.enqueue('unheard-of', {});
    await runner.runNext();
    await runner.runNext();
    const rows = await handle.db.select().from(jobs).orderBy(asc(jobs.createdAt));
    expect(rows.map((row) => [row.status, row.lastError])).toEqual([
      ['failed', 'disk full'],
      ['failed', 'No handler for jobs of kind unheard-of'],
    ]);
  });

  it('picks up queued work while started and stops cleanly', async () => {
    let count = 0;
    const runner = runnerWith({ tick: async () => void (count += 1) });
    runner.start();
    await runner.enqueue('tick', {});
    await runner.enqueue('tick', {});
    await expect.poll(() => count, { timeout: 2000 }).toBe(2);
    await runner.stop();
    await runner.enqueue('tick', {});
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(count).toBe(2);
  });

  it('aborts the running job on stop and hands it back, due at once and its attempt undone', async () => {
    let began = () => {};
    const running = new Promise<void>((resolve) => (began = resolve));
    const long: JobHandler = async (_payload, signal) => {
      began();
      // A long job, step by step, looking at the signal between steps.
      for (;;) {
        signal?.throwIfAborted();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const first = runnerWith({ long });
    const id = await first.enqueue('long', { n: 1 });
    first.start();
    await running;
    await first.stop();
    const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, runAfter: null, lastError: null });

    // Another runner claims it at once, not after the stale lease.
    const ran: unknown[] = [];
    const second = runnerWith({ long: async (payload) => void ran.push(payload.n) });
    expect(await second.runNext()).toBe(true);
    expect(ran).toEqual([1]);
    const [done] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
    expect(done).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('lets a job that ignores the signal finish on stop', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let began = () => {};
    const running = new Promise<void>((resolve) => (began = resolve));
    const runner = runnerWith({
      short: async () => {
        began();
        await gate;
      },
    });
    const id = await runner.enqueue('short', {});
    runner.start();
    await running;
    const stopping = runner.stop();
    release();
    await stopping;
    const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('claims only the kinds it is given, so that a kind can have a worker of its own', async () => {
    const ran: string[] = [];
    const handlers = {
      mail: async () => void ran.push('mail'),
      export: async () => void ran.push('export'),
    };
    const mailOnly = createJobRunner({ db: handle.db, handlers, now, kinds: { only: ['mail'] } });
    const others = createJobRunner({ db: handle.db, handlers, now, kinds: { except: ['mail'] } });
    await others.enqueue('mail', {});
    await others.enqueue('export', {});
    expect(await others.runNext()).toBe(true);
    expect(await others.runNext()).toBe(false);
    expect(ran).toEqual(['export']);
    expect(await mailOnly.runNext()).toBe(true);
    expect(await mailOnly.runNext()).toBe(false);
    expect(ran).toEqual(['export', 'mail']);
  });

  it('retries a failing job after its delay until its last attempt, then gives it up', async () => {
    const test = createTestClock(new Date('2026-03-02T11:00:00Z'));
    const abandoned: unknown[] = [];
    let calls = 0;
    const handler: JobHandler = Object.assign(
      async () => {
        calls += 1;
        throw new Error(`refused ${calls}`);
      },
      { abandon: async (_: Record<string, unknown>, error: string) => void abandoned.push(error) },
    );
    const runner = createJobRunner({
      db: handle.db,
      handlers: { flaky: handler },
      now: test.now,
      maxAttempts: 3,
      retryDelayMs: (attempt) => attempt * 60_000,
    });
    const id = await runner.enqueue('flaky', {});
    const row = async () => (await handle.db.select().from(jobs).where(eq(jobs.id, id)))[0];

    expect(await runner.runNext()).toBe(true);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, lastError: 'refused 1' });
    test.advanceSeconds(59);
    expect(await runner.runNext()).toBe(false);
    test.advanceSeconds(1);
    expect(await runner.runNext()).toBe(true);
    test.advanceSeconds(119);
    expect(await runner.runNext()).toBe(false);
    test.advanceSeconds(1);
    expect(await runner.runNext()).toBe(true);
    expect(await row()).toMatchObject({ status: 'failed', attempts: 3, lastError: 'refused 3' });
    expect(abandoned).toEqual(['refused 3']);
    test.advanceSeconds(3600);
    expect(await runner.runNext()).toBe(false);
    expect(calls).toBe(3);
  });

  it('deletes completed jobs of every kind after 7 days and failed ones after 30', async () => {
    const test = createTestClock(new Date('2026-03-02T12:00:00Z'));
    const runner = createJobRunner({
      db: handle.db,
      now: test.now,
      handlers: {
        done: async () => {},
        broken: async () => {
          throw new Error('refused');
        },
      },
    });
    await runner.enqueue('done', {});
    await runner.enqueue('broken', {});
    while (await runner.runNext());
    const kept = async () =>
      (await handle.db.select().from(jobs)).map((row) => `${row.kind} ${row.status}`).sort();
    test.advanceSeconds(7 * 24 * 3600 - 60);
    await runner.enqueue('done', {});
    while (await runner.runNext());
    expect(await kept()).toEqual(['broken failed', 'done completed', 'done completed']);
    test.advanceSeconds(2 * 3600);
    expect(await runner.runNext()).toBe(false);
    expect(await kept()).toEqual(['broken failed', 'done completed']);
    test.advanceSeconds(23 * 24 * 3600);
    expect(await runner.runNext()).toBe(false);
    expect(await kept()).toEqual([]);
  });

  it('judges a lease by the database’s clock, not the process’s', async () => {
    // In a transaction the database's now() stands still while the process's clock moves on: a
    // process whose clock runs ahead must not take a job whose lease the database still holds.
    const rolledBack = new Error('rolled back');
    const outcome = await handle.db
      .transaction(async (tx) => {
        const runner = createJobRunner({
          db: tx,
          now: systemClock,
          handlers: { note: async () => {} },
          staleAfterMs: 200,
        });
        const id = await runner.enqueue('note', {});
        await tx.execute(
          sql`update jobs set status = 'processing', attempts = 1, updated_at = now() where id = ${id}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 400));
        const ran = await runner.runNext();
        const [row] = await tx.select().from(jobs).where(eq(jobs.id, id));
        expect({ ran, status: row?.status }).toEqual({ ran: false, status: 'processing' });
        throw rolledBack;
      })
      .catch((error: unknown) => error);
    expect(outcome).toBe(rolledBack);
  });

  describe('jobs whose worker died', () => {
    const test = createTestClock(new Date('2026-03-02T10:00:00Z'));
    const staleMinutes = DEFAULT_STALE_AFTER_MS / 60_000;
    const clocked = (handlers: Record<string, JobHandler>, heartbeatMs = 60_000) =>
      createJobRunner({ db: handle.db, handlers, now: test.now, pollIntervalMs: 5, heartbeatMs });
    const row = async (id: string) =>
      (await handle.db.select().from(jobs).where(eq(jobs.id, id)))[0];
    /** The state a job is left in when the process running it is killed. */
    const dieWhileRunning = async (id: string, attempts: number) => {
      await handle.db.execute(
        sql`update jobs set status = 'processing', attempts = ${attempts},
            updated_at = ${test.now().toISOString()} where id = ${id}`,
      );
    };

    it('puts a job back in the queue once its lease has run out, and runs it again', async () => {
      const ran: unknown[] = [];
      const runner = clocked({ note: async (payload) => void ran.push(payload.n) });
      const id = await runner.enqueue('note', { n: 7 });
      await dieWhileRunning(id, 1);

      test.advanceSeconds((staleMinutes - 1) * 60);
      expect(await runner.runNext()).toBe(false);
      expect((await row(id))?.status).toBe('processing');

      test.advanceSeconds(2 * 60);
      expect(await runner.runNext()).toBe(true);
      expect(ran).toEqual([7]);
      expect(await row(id)).toMatchObject({ status: 'completed', attempts: 2 });
    });

    it('fails a job after its last attempt died and tells its handler', async () => {
      const abandoned: unknown[] = [];
      const handler: JobHandler = Object.assign(async () => {}, {
        abandon: async (payload: Record<string, unknown>, error: string) =>
          void abandoned.push([payload.n, error]),
      });
      const runner = clocked({ note: handler });
      const id = await runner.enqueue('note', { n: 8 });
      await dieWhileRunning(id, 3);
      test.advanceSeconds((staleMinutes + 1) * 60);
      expect(await runner.runNext()).toBe(false);
      expect(await row(id)).toMatchObject({
        status: 'failed',
        attempts: 3,
        lastError: ABANDONED_MESSAGE,
      });
      expect(abandoned).toEqual([[8, ABANDONED_MESSAGE]]);
    });

    it('keeps the lease of a long job alive with its heartbeat', async () => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const worker = clocked({ slow: () => gate }, 5);
      const other = clocked({ slow: async () => {} });
      const id = await worker.enqueue('slow', {});
      const running = worker.runNext();
      await expect.poll(async () => (await row(id))?.status).toBe('processing');

      test.advanceSeconds((staleMinutes + 5) * 60);
      const renewed = test.now().getTime();
      await expect.poll(async () => (await row(id))?.updatedAt.getTime()).toBe(renewed);
      expect(await other.runNext()).toBe(false);

      release();
      await running;
      expect(await row(id)).toMatchObject({ status: 'completed', attempts: 1 });
    });

    it('lets a worker that lost its lease change nothing when it finally finishes', async () => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const stuck = clocked({
        work: async () => {
          await gate;
          throw new Error('too late');
        },
      });
      const other = clocked({ work: async () => {} });
      const id = await stuck.enqueue('work', {});
      const running = stuck.runNext();
      await expect.poll(async () => (await row(id))?.status).toBe('processing');

      test.advanceSeconds((staleMinutes + 1) * 60);
      expect(await other.runNext()).toBe(true);
      expect(await row(id)).toMatchObject({ status: 'completed', attempts: 2 });

      release();
      await running;
      expect(await row(id)).toMatchObject({ status: 'completed', attempts: 2, lastError: null });
    });
  });
});
