import { describe, expect, it } from 'vitest';
import { createTestContext } from '#tests/helpers/test-app.ts';
import { OVERLOADED_MESSAGE } from './overload.ts';

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // holds the event loop, as a synchronous hot spot would
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('overload guard', () => {
  it('answers 503 with Retry-After in the error format while the event loop lags', async () => {
    const ctx = await createTestContext({
      overrides: { overload: { limits: { maxEventLoopDelayMs: 5, sampleIntervalMs: 20 } } },
    });
    try {
      busyFor(300);
      // Let the next sample see the lag.
      await pause(40);
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
    } finally {
      await ctx.close();
    }
  });

  it('refuses API requests while more queries wait for the database than the limit', async () => {
    let waiting = 0;
    const ctx = await createTestContext({
      overrides: {
        overload: {
          limits: { maxDatabaseWaiting: 2, retryAfterSeconds: 3 },
          databaseWaiting: () => waiting,
        },
      },
    });
    try {
      waiting = 2;
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      waiting = 3;
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('3');
      expect(refused.json()).toMatchObject({ code: 503, message: OVERLOADED_MESSAGE });
      // The web app's files need no database: they are still served.
      const page = await ctx.app.inject({ method: 'GET', url: '/login' });
      expect(page.statusCode).not.toBe(503);
      waiting = 0;
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
