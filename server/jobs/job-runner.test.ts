import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';
import { createEmptyPglite } from '../../tests/helpers/test-databases.ts';
import { createJobRunner, type JobHandler } from './job-runner.ts';

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
});
