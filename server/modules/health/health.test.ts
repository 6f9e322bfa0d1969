import { describe, expect, it } from 'vitest';

import { createTestContext } from '#tests/helpers/test-app.ts';
import { createTestPglite } from '#tests/helpers/test-databases.ts';

describe('GET /api/health', () => {
  it('answers ok while the database answers', async () => {
    const ctx = await createTestContext();
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 in the error format when the database is gone', async () => {
    const handle = await createTestPglite();
    const ctx = await createTestContext({ handle, closeHandle: async () => {} });
    try {
      await handle.close();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      // A server error names its request, so the log line can be found.
      expect(response.json()).toEqual({
        code: 503,
        message: 'Service unavailable',
        request_id: response.headers['x-request-id'],
      });
    } finally {
      await ctx.close();
    }
  });
});
