import { describe, expect, it } from 'vitest';

import { createTestContext } from '#tests/helpers/test-app.ts';

import { OVERLOADED_MESSAGE } from './overload.ts';

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // holds the event loop, as a synchronous hot spot would
  }
}

/**
 * Holds the event loop in several stretches, each longer than the guard's sample interval, with
 * one turn of the loop between them: the guard's last sample then surely saw a long delay, and
 * no quiet sample follows before the request.
 */
async function lagTheLoop(): Promise<void> {
  for (let stretch = 0; stretch < 4; stretch += 1) {
    busyFor(120);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('overload guard', () => {
  it('answers 503 with Retry-After in the error format while the event loop lags', async () => {
    const ctx = await createTestContext({
      overrides: { overload: { limits: { maxEventLoopDelayMs: 5, sampleIntervalMs: 20 } } },
    });
    try {
      await lagTheLoop();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual({
        code: 503,
        message: OVERLOADED_MESSAGE,
        request_id: response.headers['x-request-id'],
      });
      // The web app's pages are still served, so the buyer sees the app and not a bare error.
      await lagTheLoop();
      const page = await ctx.app.inject({ method: 'GET', url: '/login' });
      expect(page.statusCode).not.toBe(503);
    } finally {
      await ctx.close();
    }
  });

  it('refuses API requests while the expected wait for the database is over its budget', async () => {
    let wait = 0;
    const ctx = await createTestContext({
      overrides: {
        overload: {
          limits: { databaseWaitBudgetMs: 200, retryAfterSeconds: 3 },
          databaseWaitMs: () => wait,
        },
      },
    });
    try {
      wait = 200;
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      wait = 201;
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('3');
      expect(refused.json()).toMatchObject({ code: 503, message: OVERLOADED_MESSAGE });
      // The web app's files need no database: they are still served.
      const page = await ctx.app.inject({ method: 'GET', url: '/login' });
      expect(page.statusCode).not.toBe(503);
      wait = 0;
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
