// The overload guard through the app on the embedded database as the server runs it (PGlite in its
// own thread behind a pool of one connection, decision 120): a queue of quick queries is served,
// a queue that would wait longer than the budget is refused (decision 171).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '#server/db/database.ts';
import { openPgliteWorkerDatabase } from '#server/db/pglite-thread.ts';
import { createTestContext, signInBuyers, type TestContext } from '#tests/helpers/test-app.ts';
import { pgliteFixtureTarball } from '#tests/helpers/test-databases.ts';

import { OVERLOADED_MESSAGE, type OverloadLimits } from './overload.ts';

/** Only the database signal: a loaded test machine's event-loop lag must not refuse anything. */
const QUIET_LOOP = { maxEventLoopDelayMs: 60_000 };

describe('the overload guard on the embedded database', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openPgliteWorkerDatabase({ loadDataDir: await pgliteFixtureTarball() });
  });

  afterAll(async () => {
    await handle?.close();
  });

  async function app(limits: Partial<OverloadLimits> = {}): Promise<TestContext> {
    return createTestContext({
      handle,
      closeHandle: async () => {},
      overrides: {
        overload: { limits: { ...QUIET_LOOP, ...limits }, databaseWaitMs: handle.expectedWaitMs },
      },
    });
  }

  /** Holds the one connection for `seconds` and queues `count` queries of `each` seconds behind. */
  async function queueBehindAHold(seconds: number, count: number, each: number) {
    const run = (query: ReturnType<typeof sql>) => Promise.resolve(handle.db.execute(query));
    const all = [
      run(sql`select pg_sleep(${seconds})`),
      ...Array.from({ length: count }, () => run(sql`select pg_sleep(${each})`)),
    ];
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { drained: () => Promise.all(all) };
  }

  it('serves 50 concurrent requests for the orders list', async () => {
    const ctx = await app();
    try {
      const { buyer } = await signInBuyers(ctx.app);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          ctx.app.inject({
            method: 'GET',
            url: '/api/v1/buyer/orders?limit=25',
            headers: { authorization: `Bearer ${buyer}` },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    } finally {
      await ctx.close();
    }
  });

  it('serves a request behind 150 quick queries: a long queue that drains fast', async () => {
    const ctx = await app({ databaseWaitBudgetMs: 5000 });
    try {
      for (let i = 0; i < 20; i += 1) await handle.db.execute(sql`select 1`);
      const queue = await queueBehindAHold(0.3, 150, 0);
      expect(handle.waiting?.()).toBeGreaterThanOrEqual(150);
      const answer = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(answer.statusCode, answer.body).toBe(200);
      await queue.drained();
    } finally {
      await ctx.close();
    }
  });

  it('refuses with 503 and Retry-After while a slow database would keep a request past the budget', async () => {
    const ctx = await app();
    try {
      // Queries of 100 ms: 15 of them waiting are 1.5 s of queue for the one connection.
      for (let i = 0; i < 10; i += 1) await handle.db.execute(sql`select pg_sleep(0.1)`);
      const queue = await queueBehindAHold(0.3, 15, 0.1);
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/common/countries' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({
        code: 503,
        message: OVERLOADED_MESSAGE,
        request_id: refused.headers['x-request-id'],
      });
      await queue.drained();
      const served = await ctx.app.inject({ method: 'GET', url: '/api/v1/common/countries' });
      expect(served.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
