// First start on a fresh data directory: migrations, demo data with SEED_SITES sites, then the
// first successful sign-in and the latency of an authenticated read; then restarts on the same
// data (SIGTERM, start again) until /api/health answers: the server as `npm start` runs it (the
// bundle, decision 148) and, for comparison, from its TypeScript sources under tsx.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildServer, SERVER_ENTRY } from '../scripts/build-server.mjs';
import { median, ms, percentile, waitForHealth } from './stats.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4290);
const base = `http://127.0.0.1:${PORT}`;
const RESTARTS = 5;

type Runner = 'bundle' | 'tsx';

const RUNNER_ARGS: Record<Runner, string[]> = {
  bundle: ['--enable-source-maps', SERVER_ENTRY],
  tsx: ['--import', 'tsx', 'server/index.ts'],
};

function startServer(dataDir: string, sites: number, runner: Runner = 'bundle'): ChildProcess {
  return spawn(process.execPath, RUNNER_ARGS[runner], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_SITES: String(sites),
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

export async function runStartupBench(): Promise<void> {
  const sites = Number(process.env.BENCH_SEED_SITES ?? 100_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-'));
  await buildServer();
  const started = performance.now();
  let server = startServer(dataDir, sites);
  try {
    await waitForHealth(base, Date.now() + 180_000, 20);
    const healthy = performance.now() - started;
    const login = await fetch(`${base}/api/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'buyer@example.com', password: 'demo-password-2026' }),
    });
    const { token } = (await login.json()) as { token: string };
    const signedIn = performance.now() - started;

    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/buyer/profiles`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      samples.push(performance.now() - t0);
    }
    console.log(`first start with ${sites} sites, until /api/health answers: ${ms(healthy)}`);
    console.log(`first start until the demo buyer is signed in: ${ms(signedIn)}`);
    console.log(
      `GET /api/v1/buyer/profiles (200 requests): p50 ${ms(median(samples))}, p95 ${ms(percentile(samples, 95))}`,
    );

    // Alternating, so both runners see the same load on a shared machine.
    const restarts: Record<Runner, number[]> = { bundle: [], tsx: [] };
    for (let i = 0; i < RESTARTS; i++) {
      for (const runner of ['bundle', 'tsx'] as const) {
        await stopServer(server);
        const t0 = performance.now();
        server = startServer(dataDir, sites, runner);
        await waitForHealth(base, Date.now() + 60_000, 20);
        restarts[runner].push(performance.now() - t0);
      }
    }
    for (const runner of ['bundle', 'tsx'] as const) {
      const times = restarts[runner];
      console.log(
        `restart on the same data until /api/health answers, ${runner} (${RESTARTS} restarts): median ${ms(median(times))}, max ${ms(Math.max(...times))}`,
      );
    }
    console.log(
      `restart median, bundle / tsx: ${(median(restarts.bundle) / median(restarts.tsx)).toFixed(2)}`,
    );
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
