import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const EXPECTED_CSP =
  "default-src 'self';script-src 'self';worker-src 'self';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';manifest-src 'self';" +
  "frame-ancestors 'none';base-uri 'none';form-action 'self';object-src 'none'";

function createStaticDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Buyer portal"}');
  writeFileSync(path.join(dir, 'assets', 'index-Bx7f3kQa.js'), 'console.log("app");');
  return dir;
}

describe('serving the web app', () => {
  let ctx: TestContext;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = createStaticDir();
    ctx = await createTestContext({ overrides: { staticDir } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = HTML) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('answers a client route with index.html, revalidated on every use', async () => {
    for (const url of ['/orders/42', '/login?redirect=%2Forders', '/']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it("answers a sign-in page with the build's own copy of index.html when there is one", async () => {
    const LOGIN_HTML = INDEX_HTML.replace(
      '<body>',
      '<head><link rel="modulepreload"></head><body>',
    );
    mkdirSync(path.join(staticDir, 'routes'), { recursive: true });
    writeFileSync(path.join(staticDir, 'routes', 'login.html'), LOGIN_HTML);
    try {
      for (const url of ['/login', '/login/', '/login?redirect=%2Forders']) {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toBe(LOGIN_HTML);
      }
      for (const url of ['/register', '/orders', '/LOGIN', '/orders/login']) {
        expect((await get(url)).body, url).toBe(INDEX_HTML);
      }
      expect((await get('/..%2Froutes%2Flogin')).body).not.toBe(LOGIN_HTML);
    } finally {
      rmSync(path.join(staticDir, 'routes'), { recursive: true, force: true });
    }
  });

  it('answers an unknown /api path with a JSON 404 even to a browser navigation', async () => {
    const response = await get('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: 'Not found' });
  });

  it('does not answer a missing file or a non-HTML request with index.html', async () => {
    expect((await get('/assets/index-missing.js', { accept: '*/*' })).statusCode).toBe(404);
    expect((await get('/favicon.ico')).statusCode).toBe(404);
    expect((await get('/orders/42', { accept: 'application/json' })).json()).toEqual({
      code: 404,
      message: 'Not found',
    });
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await get('/assets/index-Bx7f3kQa.js', { accept: '*/*' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes the service worker and the manifest revalidate on every use', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
      const response = await get(url, { accept: '*/*' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the security headers on pages, files and API answers', async () => {
    const answers = [
      await get('/orders'),
      await get('/sw.js', { accept: '*/*' }),
      await get('/api/health', {}),
      await get('/api/nope', {}),
    ];
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toBe(EXPECTED_CSP);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});

describe('without a built web app', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      overrides: { staticDir: path.join(os.tmpdir(), 'no-such-dist-dir') },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers every page with a JSON 404 while the API keeps working', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/orders', headers: HTML });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ code: 404, message: 'Not found' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
    });
  });
});
