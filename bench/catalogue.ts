// Latency of GET /api/v1/buyer/sites on a demo catalogue: the default preset, a text search, a
// query with several filters and a deep page, each through the whole app (app.inject) and as the
// bare SQL of the same page (the total and the rows), in the same run. The first request of each
// query is reported apart: later ones reuse the shared count of its filter (decision 020).
// PGlite with BENCH_PGLITE_SITES (default 100,000) sites; PostgreSQL (embedded) with
// BENCH_PG_SITES (default 1,000,000; 0 skips it).
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';

import { type SiteListQuery, SiteListQuerySchema } from '#contract/catalogue.ts';
import { decodeQuery } from '#contract/query-string-read.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite.ts';
import { openPostgresDatabase } from '#server/db/postgres.ts';
import { users } from '#server/db/schema/index.ts';
import { DEMO_EMAILS } from '#server/db/seed/demo-users.ts';
import { sitePageStatements } from '#server/modules/sites/sites.repository.ts';
import { createSitesService } from '#server/modules/sites/sites.service.ts';
import { startEmbeddedPostgres } from '#tests/helpers/embedded-postgres.ts';

import { startBenchApp } from './bench-app.ts';
import {
  loadDemoData,
  markSeeded,
  type SeededDirectory,
  seededDirectory,
} from './seeded-database.ts';
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
  /** The first request of the query through the app: its total not yet counted. */
  cold: number;
  http: number[];
  sql: number[];
  rows: number[];
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measure(handle: DatabaseHandle, label: string): Promise<void> {
  const { app, token, close } = await startBenchApp(handle.db);
  try {
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
      const figures: Figures = { name, total: 0, cold: 0, http: [], sql: [], rows: [] };
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
        const rows = await time(async () => {
          await sitePageStatements(handle.db, resolved, page).rows;
        });
        if (run === 0) figures.cold = http;
        // The first runs warm caches and plans.
        if (run < 3) continue;
        figures.total = total;
        figures.http.push(http);
        figures.sql.push(bare);
        figures.rows.push(rows);
      }
      results.push(figures);
    }
    console.log(`\n### ${label}\n`);
    console.log(
      '| query | matching | HTTP first | HTTP p50 | HTTP p95 | SQL p50 | SQL p95 | rows SQL p50 | rows SQL p95 |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const f of results) {
      console.log(
        `| ${f.name} | ${f.total.toLocaleString('en')} | ${ms(f.cold)} | ${ms(median(f.http))} | ${ms(percentile(f.http, 95))} | ${ms(median(f.sql))} | ${ms(percentile(f.sql, 95))} | ${ms(median(f.rows))} | ${ms(percentile(f.rows, 95))} |`,
      );
    }
    console.log(
      '\nHTTP first: the first request of the query on a fresh app, its total not yet counted (the deep page shares the filter of the default preset, so its first request finds that count). HTTP p50/p95: later requests. SQL: the exact count and the rows of the same page as bare statements; rows SQL: the rows statement alone.',
    );
  } finally {
    await close();
  }
}

/** PostgreSQL settings used only while loading: a crash would mean loading again anyway. */
const LOADING_FLAGS = [
  '-c',
  'fsync=off',
  '-c',
  'synchronous_commit=off',
  '-c',
  'full_page_writes=off',
  '-c',
  'max_wal_size=4GB',
  '-c',
  'maintenance_work_mem=256MB',
];

function loadedLabel(seeded: SeededDirectory, seconds: number): string {
  return seeded.fresh
    ? `loaded in ${seconds.toFixed(0)} s`
    : `data directory reused, loaded earlier in ${seconds.toFixed(0)} s`;
}

async function benchPglite(sites: number): Promise<void> {
  const seeded = seededDirectory('pglite', sites);
  let seconds = seeded.loadedIn ?? 0;
  if (seeded.fresh) {
    const loading = await openPgliteDatabase({ dataDir: seeded.dir });
    try {
      seconds = await loadDemoData(loading, sites, console.log);
    } finally {
      await loading.close();
    }
    markSeeded(seeded.dir, seconds);
  }
  const handle = await openPgliteDatabase({ dataDir: seeded.dir });
  try {
    await measure(
      handle,
      `PGlite, ${sites.toLocaleString('en')} sites (${loadedLabel(seeded, seconds)})`,
    );
  } finally {
    await handle.close();
  }
}

async function withEmbeddedPostgres<T>(
  dir: string,
  { initialise, flags }: { initialise: boolean; flags: string[] },
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  if (initialise) mkdirSync(path.dirname(dir), { recursive: true });
  const server = await startEmbeddedPostgres({
    databaseDir: dir,
    initialise,
    persistent: true,
    flags,
  });
  try {
    const handle = await openPostgresDatabase(server.url);
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  } finally {
    await server.stop();
  }
}

async function benchPostgres(sites: number): Promise<void> {
  const seeded = seededDirectory('postgres', sites);
  const dataDir = path.join(seeded.dir, 'data');
  let seconds = seeded.loadedIn ?? 0;
  if (seeded.fresh) {
    mkdirSync(seeded.dir, { recursive: true });
    chmodSync(seeded.dir, 0o755);
    seconds = await withEmbeddedPostgres(
      dataDir,
      { initialise: true, flags: LOADING_FLAGS },
      (handle) => loadDemoData(handle, sites, console.log),
    );
    markSeeded(seeded.dir, seconds);
  }
  await withEmbeddedPostgres(dataDir, { initialise: false, flags: [] }, (handle) =>
    measure(
      handle,
      `PostgreSQL (embedded), ${sites.toLocaleString('en')} sites (${loadedLabel(seeded, seconds)})`,
    ),
  );
}

export async function runCatalogueBench(): Promise<void> {
  const pgliteSites = Number(process.env.BENCH_PGLITE_SITES ?? 100_000);
  const postgresSites = Number(process.env.BENCH_PG_SITES ?? 1_000_000);
  console.log(`${RUNS} timed runs per query after 3 warm-up runs`);
  if (pgliteSites > 0) await benchPglite(pgliteSites);
  if (postgresSites > 0) await benchPostgres(postgresSites);
}
