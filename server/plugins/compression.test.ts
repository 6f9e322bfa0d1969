// Compression as a browser meets it: the build's .br/.gz files sent as they are, API JSON
// compressed on the fly above 1 KB, nothing compressed twice, request bodies never inflated.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const SCRIPT_PATH = 'assets/index-Ab12Cd34.js';

function createStaticDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, SCRIPT_PATH), SCRIPT);
  writeFileSync(path.join(dir, `${SCRIPT_PATH}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, `${SCRIPT_PATH}.gz`), gzipSync(SCRIPT));
  // Written after the build's compression step (like the service worker): no variants beside it.
  writeFileSync(path.join(dir, 'sw.js'), SCRIPT);
  return dir;
}

describe('compression', () => {
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

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the build’s brotli or gzip file of an asset, as the browser accepts', async () => {
    const br = await get(`/${SCRIPT_PATH}`, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get(`/${SCRIPT_PATH}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(`/${SCRIPT_PATH}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses a file the build did not compress on the way, once', async () => {
    const response = await get('/sw.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('compresses API JSON of 1 KB or more once, and not a small answer', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/docs/json', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    // Decompressed once it is the JSON itself: nothing was compressed twice.
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/api/health', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: expect.any(String) });
  });

  it('does not inflate a compressed request body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'a@example.com', password: 'x' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ code: response.statusCode });
  });
});
