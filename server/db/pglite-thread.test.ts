import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext } from '#tests/helpers/test-app.ts';

import { type DatabaseHandle, queryRows } from './database.ts';
import { openPgliteWorkerDatabase } from './pglite-thread.ts';

/** The longest pause of the event loop while `work` runs. */
async function longestPause(work: Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  await work;
  // A blocked loop shows only when the next timer fires.
  await new Promise((resolve) => setTimeout(resolve, 5));
  running = false;
  return longest;
}

describe('the embedded database in its own thread', () => {
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-thread-'));
    handle = await openPgliteWorkerDatabase({ dataDir });
    await handle.migrate();
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers concurrent queries and transactions without mixing them up', async () => {
    const { db } = handle;
    await db.execute(sql`create table thread_check (n integer not null)`);
    // Parameterised queries use the extended protocol: each must get its own answer.
    const echoes = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        queryRows<{ n: number }>(db, sql`select ${n}::int as n`).then((rows) => rows[0]?.n),
      ),
    );
    expect(echoes).toEqual(Array.from({ length: 40 }, (_, n) => n));

    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into thread_check (n) values (${n})`);
          // Another transaction's row would show here if transactions interleaved.
          const rows = await queryRows<{ count: number }>(
            tx,
            sql`select count(*)::int as count from thread_check where n = ${n}`,
          );
          expect(rows[0]?.count).toBe(1);
          if (n % 4 === 0) throw new Error('rolled back on purpose');
          return n;
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(5);
    const [kept] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from thread_check`,
    );
    expect(kept?.count).toBe(15);
  });

  it('keeps the event loop free while a slow query runs, so other requests answer', async () => {
    const ctx = await createTestContext({ handle, closeHandle: async () => {} });
    try {
      // The first request builds the route's serialisers: not what is measured.
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
      let slowDoneAt = 0;
      // In the server's thread this query would hold the event loop for 1.2 s.
      const slow = handle.db.execute(sql`select pg_sleep(1.2)`).then(() => {
        slowDoneAt = performance.now();
      });
      const pause = longestPause(
        (async () => {
          // A request that needs no database: an unknown API address.
          const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
          expect(response.statusCode).toBe(404);
          expect(slowDoneAt).toBe(0);
          await slow;
        })(),
      );
      // Far below the 1.2 s the query would hold it for; room for a busy machine's own stalls.
      expect(await pause).toBeLessThan(500);
      expect(slowDoneAt).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  });

  it('counts queries waiting for its one connection and how long they would wait', async () => {
    expect(handle.expectedWaitMs?.()).toBe(0);
    // Drizzle runs a query when it is awaited: Promise.resolve starts both now.
    const slow = Promise.resolve(handle.db.execute(sql`select pg_sleep(0.3)`));
    const queued = Promise.resolve(handle.db.execute(sql`select 1`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handle.waiting?.()).toBeGreaterThanOrEqual(1);
    await Promise.all([slow, queued]);
    expect(handle.waiting?.()).toBe(0);
    expect(handle.expectedWaitMs?.()).toBe(0);
    // Each hold moves the mean a tenth of the way: after one of 300 ms and a quick one it is at
    // least 27 ms, so three queries behind a held connection expect at least 81 ms.
    const holding = Promise.resolve(handle.db.execute(sql`select pg_sleep(0.2)`));
    const waiting = [1, 2, 3].map(() => Promise.resolve(handle.db.execute(sql`select 1`)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handle.expectedWaitMs?.()).toBeGreaterThanOrEqual(81);
    await Promise.all([holding, ...waiting]);
  });

  it('closes cleanly: socket and lock gone, data kept for the next open', async () => {
    await handle.close();
    expect(existsSync(path.join(dataDir, '.s.PGSQL.5432'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    handle = await openPgliteWorkerDatabase({ dataDir });
    const [kept] = await queryRows<{ count: number }>(
      handle.db,
      sql`select count(*)::int as count from thread_check`,
    );
    expect(kept?.count).toBe(15);
  });
});
