// Several API processes behind a round-robin balancer, on one PostgreSQL (embedded) and one
// S3-compatible store (s3rver on loopback), as the built server runs them:
// - throughput of the orders list and the catalogue's default preset with one process and with
//   two (answers per second, closed loop of BENCH_PROCESSES_CONNECTIONS, default 20, for
//   BENCH_PROCESSES_SECONDS, default 10, after a short warm-up), and their ratio;
// - a file written by one process and downloaded through the other (a seeded invoice), p50/p99;
// - an import uploaded through one process and followed through the other until it is done.
// On this 2-core machine the database, both processes and the load share the cores: the ratio
// says whether a second process adds capacity here, not what it adds on a machine of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { DEFAULT_SITE_PRESET } from '#contract/catalogue.ts';
import { encodeQuery } from '#contract/query-string.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '#server/db/seed/demo-users.ts';
import { startTemporaryPostgres } from '#tests/helpers/embedded-postgres.ts';
import { s3ServerEnv, startS3Server } from '#tests/helpers/s3-server.ts';

import { buildServer, SERVER_ENTRY } from '../scripts/build-server.mjs';
import { median, ms, percentile, waitForHealth } from './stats.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4292);
const SECONDS = Number(process.env.BENCH_PROCESSES_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_PROCESSES_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_PROCESSES_ROUNDS ?? 40);
const JWT_SECRET = 'bench-processes-secret-that-is-long-enough-for-hs256-0123456789';

interface Server {
  child: ChildProcess;
  base: string;
}

function startServer(index: number, env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(PORT + index),
      HOST: '127.0.0.1',
      DEMO_DATA: 'true',
      DEMO_ADVANCE_SECONDS: '0',
      SEED_SITES: process.env.BENCH_PROCESSES_SITES ?? '2000',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, base: `http://127.0.0.1:${PORT + index}` };
}

async function stopServer({ child }: Server): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Answers per second and latencies of GET `address`, sent in turn to each of `bases`. */
async function throughput(bases: string[], address: string, token: string) {
  let turn = 0;
  const loop = async (seconds: number) => {
    const times: number[] = [];
    let failed = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          const response = await fetch(`${bases[turn++ % bases.length]}${address}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await response.arrayBuffer();
          if (response.status === 200) times.push(performance.now() - started);
          else failed += 1;
        }
      }),
    );
    return { perSecond: times.length / seconds, times, failed };
  };
  await loop(2);
  return loop(SECONDS);
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_EMAILS.buyer, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Signing in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function json<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Downloads of files another process wrote (the seeded invoices), through the other one. */
async function downloads(writer: Server, other: Server, token: string): Promise<number[]> {
  const orders = await json<{ data: { id: string }[] }>(
    `${writer.base}/api/v1/buyer/orders?limit=25`,
    token,
  );
  const fileIds: string[] = [];
  for (const order of orders.data) {
    const detail = await json<{ invoice: { file: { id: string } | null } | null }>(
      `${writer.base}/api/v1/buyer/orders/${order.id}`,
      token,
    );
    if (detail.invoice?.file) fileIds.push(detail.invoice.file.id);
  }
  if (fileIds.length === 0) throw new Error('The demo buyer has no invoice to download');
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const response = await fetch(`${other.base}/api/v1/files/${fileIds[round % fileIds.length]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    if (response.status !== 200)
      throw new Error(`Download through the other process: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Referring-domain lists uploaded through one process, followed through the other until done. */
async function imports(writer: Server, other: Server, token: string): Promise<number[]> {
  const domains = await json<{ data: { id: string }[] }>(
    `${writer.base}/api/v1/buyer/domains`,
    token,
  );
  const domain = domains.data[0];
  if (!domain) throw new Error('The demo buyer has no domain');
  const times: number[] = [];
  for (let round = 0; round < Math.min(ROUNDS, 20); round++) {
    const list = Array.from({ length: 200 }, (_, i) => `referrer-${round}-${i}.example.com`);
    const form = new FormData();
    form.append('file', new Blob([list.join('\n')], { type: 'text/csv' }), 'list.csv');
    const started = performance.now();
    const uploaded = await fetch(`${writer.base}/api/v1/buyer/domains/${domain.id}/referents`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (uploaded.status !== 202)
      throw new Error(`Upload: ${uploaded.status} ${await uploaded.text()}`);
    const { import_status: status } = (await uploaded.json()) as { import_status: { id: string } };
    for (;;) {
      const { data } = await json<{ data: { status: string; errors: string[] }[] }>(
        `${other.base}/api/v1/imports/statuses?${encodeQuery({ filter: { ids: [status.id] } })}`,
        token,
      );
      if (data[0]?.status === 'failed')
        throw new Error(`Import failed: ${data[0].errors.join('; ')}`);
      if (data[0]?.status === 'success') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    times.push(performance.now() - started);
  }
  return times;
}

export async function runProcessesBench(): Promise<void> {
  await buildServer();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-processes-'));
  const postgres = await startTemporaryPostgres('buyer-portal-bench-processes-pg-');
  const s3 = await startS3Server();
  const env = { DATABASE_URL: postgres.url, ...s3ServerEnv(s3.endpoint) };
  const servers: Server[] = [];
  try {
    // The first process migrates and seeds; the second starts on the prepared database.
    for (const index of [0, 1]) {
      servers.push(startServer(index, { DATA_DIR: path.join(root, `process-${index}`), ...env }));
      await waitForHealth(servers[index]!.base, Date.now() + 300_000, 100);
    }
    const [first, second] = servers as [Server, Server];
    const token = await signIn(first.base);
    console.log(
      `\nPostgreSQL (embedded) and s3rver; closed loop of ${CONNECTIONS} connections, ${SECONDS} s per case after 2 s of warm-up; requests alternate between the processes.\n`,
    );
    console.log('| case | processes | answers/s | p50 | p99 | not 200 | ratio 2 : 1 |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    const cases: [string, string][] = [
      ['GET orders (first page)', '/api/v1/buyer/orders?limit=25'],
      ['GET catalogue (default preset)', `/api/v1/buyer/sites?${encodeQuery(DEFAULT_SITE_PRESET)}`],
    ];
    for (const [name, address] of cases) {
      const one = await throughput([first.base], address, token);
      const two = await throughput([first.base, second.base], address, token);
      for (const [count, result] of [
        [1, one],
        [2, two],
      ] as const) {
        const ratio = count === 2 ? (two.perSecond / one.perSecond).toFixed(2) : '';
        console.log(
          `| ${name} | ${count} | ${result.perSecond.toFixed(0)} | ${ms(median(result.times))} | ${ms(percentile(result.times, 99))} | ${result.failed} | ${ratio} |`,
        );
      }
    }
    console.log('\n| through the other process | rounds | p50 | p99 |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [name, times] of [
      ['download of an invoice', await downloads(first, second, token)],
      ['import of a 200-line list, upload to done', await imports(first, second, token)],
    ] as const) {
      console.log(
        `| ${name} | ${times.length} | ${ms(median(times))} | ${ms(percentile(times, 99))} |`,
      );
    }
  } finally {
    for (const server of servers) await stopServer(server);
    await s3.stop();
    await postgres.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
