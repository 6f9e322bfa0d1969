// Does a slow query stall requests that need no database? The app runs in a child process
// (bench/blocking-server.ts) on a seeded PGlite directory, once with PGlite in the server's thread
// (as before decision 120) and once in its own thread. For each: the latency of a request with no
// database work (the web app's /login page when dist/ is built, else an unknown API address that
// the router answers 404) at rest, while a 250 ms query runs back to back, and while the catalogue
// export job (every site to CSV) runs back to back; then the catalogue
// (GET /api/v1/buyer/sites, default preset) with 50 concurrent connections.
// BENCH_BLOCKING_SITES sites (default 100,000); BENCH_PORT (default 4291); BENCH_BLOCKING_MODES
// (default "inline,thread"; "thread" alone skips the slow in-thread run); BENCH_BLOCKING_LOADS
// (default "loop,export").
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { seededPgliteDirectory } from './seeded-database.ts';
import { median, ms, percentile } from './stats.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4291);
const base = `http://127.0.0.1:${PORT}`;
const CHEAP_SAMPLES = 200;
const CATALOGUE_REQUESTS = 500;
const CONNECTIONS = 50;
const CATALOGUE =
  '/api/v1/buyer/sites?filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&sorting[ahrefs_domain_rating]=DESC&limit=25';
const DIST = path.resolve('dist');
const hasDist = existsSync(path.join(DIST, 'index.html'));
const CHEAP = hasDist ? '/login' : '/api/no-such-route';

interface Server {
  child: ChildProcess;
  token: string;
}

async function startServer(mode: string, dataDir: string, load: string): Promise<Server> {
  const args = ['bench/blocking-server.ts', mode, dataDir, String(PORT), load];
  if (hasDist) args.push(DIST);
  const child = spawn(path.join('node_modules', '.bin', 'tsx'), args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const token = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { token: string }).token));
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { child, token };
}

async function stopServer({ child }: Server): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return performance.now() - started;
}

/** One cheap request after another, spaced by 10 ms, as a stream of page loads would be. */
async function cheapLatencies(): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < CHEAP_SAMPLES; i++) {
    samples.push(await timed(`${base}${CHEAP}`, { accept: 'text/html' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return samples;
}

async function catalogueLatencies(token: string): Promise<number[]> {
  const samples: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < CATALOGUE_REQUESTS) {
        next += 1;
        samples.push(await timed(`${base}${CATALOGUE}`, { authorization: `Bearer ${token}` }));
      }
    }),
  );
  return samples;
}

const figures = (samples: number[]) =>
  `p50 ${ms(median(samples))}, p99 ${ms(percentile(samples, 99))}`;

async function measureMode(mode: 'inline' | 'thread', dataDir: string): Promise<string[]> {
  const rows: string[] = [];
  let server = await startServer(mode, dataDir, 'idle');
  try {
    await cheapLatencies(); // warm-up
    rows.push(`| ${mode} | ${CHEAP} at rest | ${figures(await cheapLatencies())} |`);
    for (let i = 0; i < 20; i++) {
      await timed(`${base}${CATALOGUE}`, { authorization: `Bearer ${server.token}` });
    }
    rows.push(
      `| ${mode} | catalogue, ${CONNECTIONS} connections, ${CATALOGUE_REQUESTS} requests | ${figures(await catalogueLatencies(server.token))} |`,
    );
  } finally {
    await stopServer(server);
  }
  const loads = (process.env.BENCH_BLOCKING_LOADS ?? 'loop,export').split(',');
  for (const [load, label] of [
    ['loop', 'while a 250 ms query loops'],
    ['export', 'while the catalogue export runs'],
  ] as const) {
    if (!loads.includes(load)) continue;
    server = await startServer(mode, dataDir, load);
    try {
      rows.push(`| ${mode} | ${CHEAP} ${label} | ${figures(await cheapLatencies())} |`);
    } finally {
      await stopServer(server);
    }
  }
  return rows;
}

export async function runBlockingBench(): Promise<void> {
  const sites = Number(process.env.BENCH_BLOCKING_SITES ?? 100_000);
  const seededDir = await seededPgliteDirectory(sites);
  console.log(`PGlite, ${sites.toLocaleString('en')} sites\n`);
  console.log('| database | request | latency |');
  console.log('| --- | --- | --- |');
  const modes = (process.env.BENCH_BLOCKING_MODES ?? 'inline,thread')
    .split(',')
    .filter((mode): mode is 'inline' | 'thread' => mode === 'inline' || mode === 'thread');
  for (const mode of modes) {
    for (const row of await measureMode(mode, seededDir)) console.log(row);
  }
}
