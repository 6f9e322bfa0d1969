// Closed-loop load on the server as `npm start` runs it (the bundle, overload guard on): each of
// C connections sends a request, waits for its answer and sends the next, for BENCH_LOAD_SECONDS
// (default 15) per case after a short warm-up. Cases: GET /api/v1/buyer/orders (first page), the
// catalogue's default preset (GET /api/v1/buyer/sites) and a cart line added then removed
// (POST /shopping-carts/items + PUT /shopping-carts/items/removals), signed in as the demo buyer,
// at BENCH_LOAD_CONNECTIONS (default "10,50"). Counts answers by status and reports p50/p99 of
// every answer, and which signal of the overload guard refused (its warnings). On PGlite (a
// fresh data directory with BENCH_LOAD_SITES demo sites, default 2,000) and on PostgreSQL
// (embedded; BENCH_LOAD_PG=0 skips it). BENCH_PORT (default 4292). BENCH_LOAD_SERVER runs another
// built server module instead of building this one (e.g. an earlier build, to compare).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { DEFAULT_SITE_PRESET } from '#contract/catalogue.ts';
import { encodeQuery } from '#contract/query-string.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '#server/db/seed/demo-users.ts';
import { startTemporaryPostgres } from '#tests/helpers/embedded-postgres.ts';

import { buildServer, SERVER_ENTRY } from '../scripts/build-server.mjs';
import { median, ms, percentile, waitForHealth } from './stats.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4292);
const base = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = (process.env.BENCH_LOAD_CONNECTIONS ?? '10,50').split(',').map(Number);
const ENTRY = process.env.BENCH_LOAD_SERVER ? path.resolve(process.env.BENCH_LOAD_SERVER) : null;
const JWT_SECRET = 'bench-load-secret-that-is-long-enough-for-hs256-0123456789';

interface Sample {
  status: number;
  ms: number;
}

/** One round of a case: the answers it got (a cart round is two requests). */
type Round = (token: string) => Promise<Sample[]>;

async function timedFetch(url: string, init: RequestInit): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const get =
  (address: string): Round =>
  async (token) => [
    await timedFetch(`${base}${address}`, { headers: { authorization: `Bearer ${token}` } }),
  ];

async function json<T>(address: string, token: string): Promise<T> {
  const response = await fetch(`${base}${address}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${address}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Adds one line of a priced site to the cart and removes it again. */
async function cartRound(token: string): Promise<Round> {
  const sites = await json<{ data: { id: string }[] }>('/api/v1/buyer/sites?limit=5', token);
  const domains = await json<{ data: { id: string }[] }>('/api/v1/buyer/domains', token);
  const site = sites.data[0];
  const domain = domains.data[0];
  if (!site || !domain) throw new Error('The demo buyer has no site or domain to order');
  const detail = await json<{ prices: { niche: { id: string } }[] }>(
    `/api/v1/buyer/sites/${site.id}`,
    token,
  );
  const niche = detail.prices[0]?.niche.id;
  if (!niche) throw new Error('The site has no price');
  const line = JSON.stringify({
    link_type: niche,
    buyer_domain: domain.id,
    site: site.id,
    articles_number: 1,
    article_topic: 'i_will_write_my_topic',
    anchor_text: 'best hiking boots',
    target_url: 'https://northwind-outdoor.com/boots',
  });
  return async (signedIn) => {
    const headers = { authorization: `Bearer ${signedIn}`, 'content-type': 'application/json' };
    const started = performance.now();
    const added = await fetch(`${base}/api/v1/buyer/shopping-carts/items`, {
      method: 'POST',
      headers,
      body: line,
    });
    const body = (await added.json()) as { data?: { id: string }[] };
    const samples: Sample[] = [{ status: added.status, ms: performance.now() - started }];
    const ids = body.data?.map((item) => item.id) ?? [];
    if (added.status !== 201 || ids.length === 0) return samples;
    samples.push(
      await timedFetch(`${base}/api/v1/buyer/shopping-carts/items/removals`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ids }),
      }),
    );
    return samples;
  };
}

/** `connections` loops, each sending the next round when the last one was answered. */
async function closedLoop(
  round: Round,
  token: string,
  connections: number,
  seconds: number,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) samples.push(...(await round(token)));
    }),
  );
  return samples;
}

function row(label: string, connections: number, samples: Sample[]): string {
  const byStatus = new Map<number, number>();
  for (const { status } of samples) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  const counts = [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count.toLocaleString('en')} × ${status}`)
    .join(', ');
  const times = samples.map((sample) => sample.ms);
  return `| ${label} | ${connections} | ${counts} | ${ms(median(times))} | ${ms(percentile(times, 99))} | ${takeRefusals()} |`;
}

/** Refusals the server logged, by signal, since the last call. */
const refusals = new Map<string, number>();

function takeRefusals(): string {
  const text = [...refusals.entries()].map(([signal, count]) => `${signal} ${count}`).join(', ');
  refusals.clear();
  return text || '–';
}

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', ENTRY ?? SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DEMO_DATA: 'true',
      DEMO_ADVANCE_SECONDS: '0',
      SEED_SITES: process.env.BENCH_LOAD_SITES ?? '2000',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.includes('Overloaded, request refused')) return;
    const { signal } = JSON.parse(line) as { signal: string };
    refusals.set(signal, (refusals.get(signal) ?? 0) + 1);
  });
  return child;
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-load-'));
  const server = startServer({ DATA_DIR: dataDir, ...env });
  try {
    await waitForHealth(base, Date.now() + 300_000, 100);
    const login = await fetch(`${base}/api/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_EMAILS.buyer, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const catalogue = `/api/v1/buyer/sites?${encodeQuery(DEFAULT_SITE_PRESET)}`;
    const cases: [string, Round][] = [
      ['GET orders (first page)', get('/api/v1/buyer/orders?limit=25')],
      ['GET catalogue (default preset)', get(catalogue)],
      ['cart add + remove', await cartRound(token)],
    ];
    console.log(`\n### ${label}\n`);
    console.log('| case | connections | answers | p50 | p99 | refused by |');
    console.log('| --- | ---: | --- | ---: | ---: | --- |');
    for (const [name, round] of cases) {
      for (const connections of CONNECTIONS) {
        await closedLoop(round, token, connections, WARM_UP_SECONDS);
        takeRefusals();
        console.log(row(name, connections, await closedLoop(round, token, connections, SECONDS)));
      }
    }
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runLoadBench(): Promise<void> {
  if (!ENTRY) await buildServer();
  console.log(
    `${ENTRY ?? 'This build'}. Closed loop, ${SECONDS} s per case after ${WARM_UP_SECONDS} s of warm-up; every answer counted (a cart round is two requests)`,
  );
  await measure('PGlite (in its own thread, one connection)', {});
  if (process.env.BENCH_LOAD_PG === '0') return;
  const postgres = await startTemporaryPostgres('buyer-portal-bench-load-pg-');
  try {
    await measure('PostgreSQL (embedded, pool of 10)', { DATABASE_URL: postgres.url });
  } finally {
    await postgres.stop();
  }
}
