import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FIXTURE } from '#tests/helpers/fixture.ts';
import { failingFirst } from '#tests/helpers/mail-box.ts';
import { PRODUCTION_ENV } from '#tests/helpers/production-env.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

import { loadEnv, PRODUCTION_METRICS_PORT } from '../env.ts';
import { MAIL_JOB } from '../mail/mail-queue.ts';
import { type MetricsServer, serveMetrics } from './metrics-server.ts';

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function sampleOf(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

/** The export job's kind, as the job queue stores it. */
const SITE_EXPORT_JOB = 'site-export';

describe('metrics on their own port', () => {
  let ctx: TestContext;
  let appUrl: string;
  let metricsServer: MetricsServer;
  let metricsUrl: string;
  let mailFailures: { left: number };
  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  beforeAll(async () => {
    ctx = await createTestContext({
      overrides: {
        processMetrics: true,
        loginLimits: { accountFailures: 1 },
        databasePool: { driver: 'test', counts: () => ({ total: 4, idle: 3, waiting: 0 }) },
      },
      wrapMailer: (mailer) => {
        const failing = failingFirst(mailer, 1);
        mailFailures = failing.failures;
        return failing.transport;
      },
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    appUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    metricsServer = await serveMetrics(ctx.app.metrics.registry, { host: '127.0.0.1', port: 0 });
    metricsUrl = `http://127.0.0.1:${metricsServer.port}/metrics`;
  });
  afterAll(async () => {
    await metricsServer?.close();
    await ctx?.close();
  });

  it('counts requests by route template and status class, and times them', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/health', status_class: '2xx' };
    const counted = sampleOf(before, 'portal_http_requests_total', route) ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${appUrl}/api/health`)).status).toBe(200);
    // Two addresses of one route are one series, named by the template, never by the address.
    const missing = await fetch(`${appUrl}/api/v1/buyer/sites/exports/tasks/${randomUUID()}`);
    expect(missing.status).toBe(401);
    expect((await fetch(`${appUrl}/api/no-such-route`)).status).toBe(404);

    const after = await scrape();
    expect(sampleOf(after, 'portal_http_requests_total', route)).toBe(counted + 3);
    expect(
      sampleOf(after, 'portal_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sampleOf(after, 'portal_http_requests_total', {
        route: '/api/v1/buyer/sites/exports/tasks/:id',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(
      sampleOf(after, 'portal_http_requests_total', { route: 'unmatched', status_class: '4xx' }),
    ).toBe(1);
    expect(after).not.toContain('no-such-route');
  });

  it('counts a refusal for too many requests by the name of its limit', async () => {
    const signIn = () =>
      fetch(`${appUrl}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: FIXTURE.secondBuyer, password: 'wrong-password' }),
      });
    expect((await signIn()).status).toBe(401);
    expect((await signIn()).status).toBe(429);
    expect(
      sampleOf(await scrape(), 'portal_http_refusals_total', { limit: 'sign_in', status: '429' }),
    ).toBe(1);
  });

  it("counts a job's failure by kind and times the failed export", async () => {
    await ctx.app.jobs.enqueue(SITE_EXPORT_JOB, { taskId: randomUUID() });
    expect(await ctx.app.jobs.runNext()).toBe(true);
    const text = await scrape();
    expect(
      sampleOf(text, 'portal_job_failures_total', { kind: SITE_EXPORT_JOB, reason: 'error' }),
    ).toBe(1);
    expect(sampleOf(text, 'portal_export_duration_seconds_count', { outcome: 'failed' })).toBe(1);
  });

  it('counts a failed mail send', async () => {
    const mail = { to: 'someone@example.com', subject: 'Hello', text: 'A line.' };
    await ctx.app.mail.enqueue(MAIL_JOB, mail);
    expect(await ctx.app.mail.runNext()).toBe(true);
    expect(mailFailures.left).toBe(0);
    const text = await scrape();
    expect(sampleOf(text, 'portal_mail_failures_total', { outcome: 'send_failed' })).toBe(1);
    expect(sampleOf(text, 'portal_job_failures_total', { kind: MAIL_JOB, reason: 'error' })).toBe(
      1,
    );
  });

  it('reports the pending jobs per kind and how long the oldest has waited', async () => {
    const before = await scrape();
    // Every kind is reported, an empty queue as 0, so that an alert on it has a series.
    expect(sampleOf(before, 'portal_jobs_pending', { kind: SITE_EXPORT_JOB })).toBe(0);
    expect(
      sampleOf(before, 'portal_jobs_oldest_pending_age_seconds', { kind: 'link-monitor' }),
    ).toBe(0);
    await ctx.app.jobs.enqueue(SITE_EXPORT_JOB, { taskId: randomUUID() });
    ctx.clock.advanceSeconds(90);
    await ctx.app.jobs.enqueue(SITE_EXPORT_JOB, { taskId: randomUUID() });
    const text = await scrape();
    expect(sampleOf(text, 'portal_jobs_pending', { kind: SITE_EXPORT_JOB })).toBe(2);
    expect(
      sampleOf(text, 'portal_jobs_oldest_pending_age_seconds', { kind: SITE_EXPORT_JOB }),
    ).toBe(90);
    while (await ctx.app.jobs.runNext());
  });

  it("reports the database pool's counts and the process's event loop and heap", async () => {
    const text = await scrape();
    expect(sampleOf(text, 'portal_db_pool_connections', { driver: 'test' })).toBe(4);
    expect(sampleOf(text, 'portal_db_pool_idle_connections', { driver: 'test' })).toBe(3);
    expect(sampleOf(text, 'portal_db_pool_waiting_queries', { driver: 'test' })).toBe(0);
    expect(sampleOf(text, 'portal_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'portal_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it("answers only GET /metrics on its port, and the app's port does not expose them", async () => {
    const other = await fetch(`http://127.0.0.1:${metricsServer.port}/api/health`);
    expect(other.status).toBe(404);
    await other.text();
    const onAppPort = await fetch(`${appUrl}/metrics`);
    expect(onAppPort.status).toBe(404);
    expect(await onAppPort.text()).not.toContain('portal_');
  });
});

describe('metrics of several apps in one process', () => {
  const contexts: TestContext[] = [];
  beforeAll(async () => {
    contexts.push(
      await createTestContext({ overrides: { processMetrics: true } }),
      await createTestContext({ overrides: { processMetrics: true } }),
      await createTestContext({
        overrides: {
          overload: { databaseWaitMs: () => 5000, limits: { databaseWaitBudgetMs: 10 } },
        },
      }),
    );
  });
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
  });

  it('keeps each app’s counts in a registry of its own', async () => {
    const [first, second] = contexts as [TestContext, TestContext];
    await first.app.inject({ method: 'GET', url: '/api/health' });
    await first.app.inject({ method: 'GET', url: '/api/health' });
    await second.app.inject({ method: 'GET', url: '/api/health' });
    const health = { route: '/api/health', status_class: '2xx' };
    const count = async (ctx: TestContext) =>
      sampleOf(await ctx.app.metrics.registry.metrics(), 'portal_http_requests_total', health);
    expect(await count(first)).toBe(2);
    expect(await count(second)).toBe(1);
  });

  it('counts overload refusals by the signal that refused them', async () => {
    const overloaded = contexts[2]!;
    const response = await overloaded.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    const text = await overloaded.app.metrics.registry.metrics();
    expect(
      sampleOf(text, 'portal_http_refusals_total', { limit: 'database_wait', status: '503' }),
    ).toBe(1);
    expect(
      sampleOf(text, 'portal_http_requests_total', { route: '/api/health', status_class: '5xx' }),
    ).toBe(1);
  });
});

describe('METRICS_PORT', () => {
  it('is off unless set outside production, and a port of its own in production', () => {
    expect(loadEnv({}).metricsPort).toBe(0);
    expect(loadEnv({ METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    const production = PRODUCTION_ENV;
    expect(loadEnv(production).metricsPort).toBe(PRODUCTION_METRICS_PORT);
    expect(loadEnv({ ...production, METRICS_PORT: '0' }).metricsPort).toBe(0);
  });

  it('refuses the port the app listens on', () => {
    expect(() => loadEnv({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
  });
});
