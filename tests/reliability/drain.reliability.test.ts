// SIGTERM with a drain on the real server process: readiness turns 503 at once while the API goes
// on answering, on new connections too, for DRAIN_SECONDS; then the process shuts down as before.
// A second signal ends the drain at once.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ServerProcess, startServer } from './server-process.ts';

// Ports of their own: the shutdown suite uses the base, the kill suite the two after it.
const PORT = Number(process.env.RELIABILITY_PORT ?? 4143) + 10;
const DRAIN_SECONDS = 4;

/** A request on a new connection each time, as a balancer still routing here would send. */
async function get(server: ServerProcess, url: string) {
  const response = await fetch(`${server.baseUrl}${url}`, { headers: { connection: 'close' } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the drain on SIGTERM', () => {
  let dataDir: string;
  let server: ServerProcess | null = null;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-drain-'));
  });
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 on /readyz and serves the API during the drain, then exits', async () => {
    server = await startServer({
      dataDir,
      port: PORT,
      env: { DRAIN_SECONDS: String(DRAIN_SECONDS), APP_COMMIT: 'abc1234' },
    });
    const before = await get(server, '/readyz');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ status: 'ok', commit: 'abc1234' });

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ready = await get(server, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'draining', commit: 'abc1234' });
    expect((await get(server, '/livez')).status).toBe(200);
    // The API still answers, a second into the drain as well as later.
    const countries = await get(server, '/api/v1/common/countries');
    expect(countries.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await get(server, '/api/v1/common/countries')).status).toBe(200);
    expect(Date.now() - signalledAt).toBeLessThan(DRAIN_SECONDS * 1000);

    const exit = await server.exited;
    const tookMs = Date.now() - signalledAt;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
    expect(tookMs).toBeLessThan((DRAIN_SECONDS + 10) * 1000);
    server = null;
  });

  it('ends the drain at a second signal', async () => {
    server = await startServer({ dataDir, port: PORT, env: { DRAIN_SECONDS: '300' } });
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await get(server, '/readyz')).status).toBe(503);
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(15_000);
    server = null;
  });
});
