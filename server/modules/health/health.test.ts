import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createLocalFileStore } from '#server/storage/local-file-store.ts';
import { createTestContext } from '#tests/helpers/test-app.ts';
import { createTestPglite } from '#tests/helpers/test-databases.ts';

import { READINESS_TIMEOUT_MS } from './health.service.ts';

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

describe('the probes /livez and /readyz', () => {
  const build = { version: '9.8.7', commit: 'abc1234' };

  it('answers liveness and readiness with the version and commit while all is well', async () => {
    const ctx = await createTestContext({ overrides: { build } });
    try {
      const live = await ctx.app.inject({ method: 'GET', url: '/livez' });
      expect(live.statusCode).toBe(200);
      expect(live.headers['cache-control']).toBe('no-store');
      expect(live.json()).toEqual({ status: 'ok', ...build });
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ok',
        ...build,
        checks: { database: 'ok', migrations: 'ok', files: 'ok' },
      });
      // Not under /api: the probes are no part of the API.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('keeps liveness and names the database when it is gone', async () => {
    const handle = await createTestPglite();
    const ctx = await createTestContext({ handle, closeHandle: async () => {} });
    try {
      await handle.close();
      expect((await ctx.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'unavailable',
        commit: 'unknown',
        checks: { database: 'failed', migrations: 'failed', files: 'ok' },
      });
    } finally {
      await ctx.close();
    }
  });

  it('answers within its time when the database hangs, naming it', async () => {
    const ctx = await createTestContext();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Every pooled connection busy in a transaction that waits: `select 1` waits for one.
    const holders = Array.from({ length: 10 }, () =>
      ctx.handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      }),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = performance.now();
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      const took = performance.now() - started;
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: 'timeout', files: 'ok' } });
      expect(took).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(READINESS_TIMEOUT_MS + 1000);
    } finally {
      release();
      await Promise.all(holders);
      await ctx.close();
    }
  });

  it('names a file store that cannot be used', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-probe-'));
    writeFileSync(path.join(dir, 'a-file'), 'x');
    const files = createLocalFileStore(path.join(dir, 'a-file', 'files'));
    const ctx = await createTestContext({ overrides: { files } });
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'ok', files: 'failed' },
      });
    } finally {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not ready while the database lacks a migration this build needs', async () => {
    const ctx = await createTestContext();
    try {
      // The last migration undone in the books, as on a database the release step has not reached.
      await ctx.handle.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks).toEqual({ database: 'ok', migrations: 'failed', files: 'ok' });
    } finally {
      await ctx.close();
    }
  });

  it('counts a check the app adds like its own', async () => {
    let reachable = false;
    const mail = {
      name: 'mail',
      run: async () => {
        if (!reachable) throw new Error('The mail server does not answer');
      },
    };
    const ctx = await createTestContext({ overrides: { readinessChecks: [mail] } });
    try {
      const before = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json().checks).toEqual({
        database: 'ok',
        migrations: 'ok',
        files: 'ok',
        mail: 'failed',
      });
      reachable = true;
      const after = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(after.statusCode).toBe(200);
      expect(after.json().checks).toEqual({
        database: 'ok',
        migrations: 'ok',
        files: 'ok',
        mail: 'ok',
      });
    } finally {
      await ctx.close();
    }
  });

  it('turns readiness to 503 while draining, and keeps serving everything else', async () => {
    const ctx = await createTestContext({ overrides: { build } });
    try {
      ctx.app.readiness.drain();
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining', ...build, checks: {} });
      expect((await ctx.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('answers liveness and readiness while the overload guard refuses the API', async () => {
    let wait = 0;
    const ctx = await createTestContext({
      overrides: {
        overload: { limits: { databaseWaitBudgetMs: 200 }, databaseWaitMs: () => wait },
      },
    });
    try {
      wait = 5000;
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expect((await ctx.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
