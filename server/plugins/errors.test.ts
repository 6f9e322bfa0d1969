import { Writable } from 'node:stream';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

/** Routes that exist only in this test, to provoke errors the real routes never raise. */
const provokingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/orders',
    {
      schema: {
        body: z.object({
          items: z.array(
            z.object({ target_url: z.url(), articles_number: z.number().int().min(1) }),
          ),
        }),
      },
    },
    () => ({ ok: true }),
  );
  app.get('/api/test/crash', () => {
    throw new Error('connection to 10.0.0.5 refused at /srv/app/secret.ts:42');
  });
};

describe('the error body', () => {
  let ctx: TestContext;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    ctx = await createTestContext({ overrides: { logger: { level: 'error', stream } } });
    await ctx.app.register(provokingRoutes);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('names nested fields of a rejected body in items[0].field style', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/orders',
      payload: {
        items: [
          { target_url: 'https://example.com/a', articles_number: 1 },
          { target_url: 'not a url', articles_number: 0 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(400);
    expect(body.message).toBe('Validation failed.');
    expect(body.violations.map((violation: { path: string }) => violation.path)).toEqual([
      'items[1].target_url',
      'items[1].articles_number',
    ]);
  });

  it('names a rejected query parameter', async () => {
    const { token } = await ctx.app
      .inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: 'buyer@example.com', password: 'demo-password-2026' },
      })
      .then((response) => response.json());
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/buyer/domains?page=0',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().violations).toEqual([
      { path: 'page', message: 'Too small: expected number to be >=1' },
    ]);
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/v1/buyer/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: 404, message: 'Not found' });
    }
  });

  it('answers a crash with a bare 500 and logs the real error', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 500,
      message: 'Internal server error',
      request_id: response.headers['x-request-id'],
    });
    expect(response.body).not.toMatch(/10\.0\.0\.5|secret\.ts|stack/);
    expect(logLines.join('')).toContain('connection to 10.0.0.5 refused');
  });

  it('answers malformed JSON with a 400 in the same format', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message: expect.any(String) });
  });

  it('answers an unsupported content type with 415 in the same format', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=buyer',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 415, message: expect.any(String) });
  });

  it('accepts an empty body declared as JSON on a call that takes no body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/registrations/confirmations/unknown-token',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: 'This link is invalid or has expired.' });
  });
});
