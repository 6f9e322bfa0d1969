// The headers every answer carries: no caching of API answers, a request id, the referrer policy
// of pages and calls with a token in their address, and API documents only when asked for.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';

import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FIXTURE } from '#tests/helpers/fixture.ts';
import { bearer, createTestContext, login, type TestContext } from '#tests/helpers/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HTML = { accept: 'text/html' };

const crashingRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/test/crash', () => {
    throw new Error('connection to 10.0.0.5 refused');
  });
};

describe('headers of every answer', () => {
  let ctx: TestContext;
  let staticDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-dist-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    ctx = await createTestContext({
      overrides: { staticDir, logger: { level: 'error', stream } },
    });
    await ctx.app.register(crashingRoutes);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  describe('Cache-Control', () => {
    it('is no-store on API answers, failures and sign-in calls included', async () => {
      const { token, refresh_token } = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const answers = await Promise.all([
        ctx.app.inject({ method: 'GET', url: '/api/v1/buyer/profiles', headers: bearer(token) }),
        ctx.app.inject({ method: 'GET', url: '/api/v1/buyer/profiles' }),
        ctx.app.inject({ method: 'GET', url: '/api/v1/buyer/no-such-route' }),
        ctx.app.inject({ method: 'GET', url: '/api/test/crash' }),
        ctx.app.inject({ method: 'POST', url: '/api/login_check', payload: {} }),
        ctx.app.inject({
          method: 'POST',
          url: '/api/login_check',
          payload: { username: FIXTURE.buyer, password: FIXTURE.password },
        }),
        ctx.app.inject({
          method: 'POST',
          url: '/api/token/refresh',
          payload: { refresh_token },
        }),
        ctx.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token } }),
        ctx.app.inject({ method: 'GET', url: '/api/health' }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([
        200, 401, 404, 500, 400, 200, 200, 401, 200,
      ]);
      for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('keeps the cache headers of reference data, also on its 304', async () => {
      const first = await ctx.app.inject({ method: 'GET', url: '/api/v1/common/countries' });
      expect(first.headers['cache-control']).toBe('public, max-age=3600');
      const again = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/common/countries',
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers['cache-control']).toBe('public, max-age=3600');
    });
  });

  describe('X-Request-Id', () => {
    it('names every answer, a new id for each request', async () => {
      const [one, two, page] = await Promise.all([
        ctx.app.inject({ method: 'GET', url: '/api/health' }),
        ctx.app.inject({ method: 'GET', url: '/api/v1/buyer/profiles' }),
        ctx.app.inject({ method: 'GET', url: '/orders', headers: HTML }),
      ]);
      expect(one.headers['x-request-id']).toMatch(UUID);
      expect(two.headers['x-request-id']).toMatch(UUID);
      expect(page.headers['x-request-id']).toMatch(UUID);
      expect(one.headers['x-request-id']).not.toBe(two.headers['x-request-id']);
    });

    it('takes a well-formed incoming id and replaces anything else', async () => {
      const kept = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'lb-7f3a.42:1' },
      });
      expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:1');
      for (const odd of ['<script>', 'a b', 'x'.repeat(200), '']) {
        const replaced = await ctx.app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { 'x-request-id': odd },
        });
        expect(replaced.headers['x-request-id']).toMatch(UUID);
      }
    });

    it('is in the body of a 5xx and in its log line, and in no other error body', async () => {
      logLines.length = 0;
      const crash = await ctx.app.inject({
        method: 'GET',
        url: '/api/test/crash',
        headers: { 'x-request-id': 'support-case-1234' },
      });
      expect(crash.statusCode).toBe(500);
      expect(crash.json()).toEqual({
        code: 500,
        message: 'Internal server error',
        request_id: 'support-case-1234',
      });
      expect(crash.headers['x-request-id']).toBe('support-case-1234');
      const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
      expect(logged).toContainEqual(
        expect.objectContaining({ reqId: 'support-case-1234', msg: 'Request failed' }),
      );
      const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/buyer/profiles' });
      expect(missing.json()).not.toHaveProperty('request_id');
    });
  });

  describe('Referrer-Policy', () => {
    it('is no-referrer on the pages and calls whose address carries a one-time token', async () => {
      const answers = await Promise.all([
        ctx.app.inject({ method: 'GET', url: '/passwords-resets?token=abc', headers: HTML }),
        ctx.app.inject({
          method: 'GET',
          url: '/registrations-confirmations?token=abc',
          headers: HTML,
        }),
        ctx.app.inject({
          method: 'GET',
          url: '/email-changes-confirmations?token=abc',
          headers: HTML,
        }),
        ctx.app.inject({
          method: 'PUT',
          url: '/api/v1/public/passwords/resets/abc',
          payload: { password: 'correct-horse-battery-staple' },
        }),
        ctx.app.inject({ method: 'POST', url: '/api/v1/public/registrations/confirmations/abc' }),
        ctx.app.inject({ method: 'POST', url: '/api/v1/public/email-changes/confirmations/abc' }),
      ]);
      for (const answer of answers) expect(answer.headers['referrer-policy']).toBe('no-referrer');
    });

    it('stays strict-origin-when-cross-origin elsewhere', async () => {
      const page = await ctx.app.inject({ method: 'GET', url: '/orders', headers: HTML });
      const call = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/public/passwords/resets',
        payload: { email: 'someone@example.com' },
      });
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(call.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });
  });

  it("lets no page set a <base> element (the app's CSP)", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/orders', headers: HTML });
    expect(page.headers['content-security-policy']).toContain("base-uri 'none'");
  });
});

describe('API documents', () => {
  it('are not served unless asked for', async () => {
    const ctx = await createTestContext({ overrides: { apiDocs: false } });
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 404, message: 'Not found' });
      }
    } finally {
      await ctx.close();
    }
  });

  it('are served when asked for', async () => {
    const ctx = await createTestContext({ overrides: { apiDocs: true } });
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
