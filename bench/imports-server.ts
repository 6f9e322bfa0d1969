// The server side of a big list upload: a referring-domain CSV of 100,000 rows is uploaded and
// imported by the job (decision 056), while catalogue requests keep coming. Reports the upload's
// answer time, the import's time, and the catalogue's p95 when idle and while the import runs,
// all in the same process as the API runs them. PGlite and PostgreSQL (embedded), each with
// BENCH_IMPORTS_SITES sites (default 20,000; BENCH_IMPORTS_PG=0 skips PostgreSQL).
import { BuyerDomainListSchema, BuyerDomainSchema } from '#contract/domains.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite.ts';
import { openPostgresDatabase } from '#server/db/postgres.ts';
import { startTemporaryPostgres } from '#tests/helpers/embedded-postgres.ts';
import { multipart } from '#tests/helpers/orders.ts';

import { startBenchApp } from './bench-app.ts';
import { loadDemoData, seededPgliteDirectory } from './seeded-database.ts';
import { ms, percentile } from './stats.ts';

const ROWS = Number(process.env.BENCH_IMPORTS_ROWS ?? 100_000);
const IDLE_RUNS = 40;
const CATALOGUE_QUERY =
  'filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&sorting[ahrefs_domain_rating]=DESC&limit=25';

function referentsCsv(rows: number, offset: number): Buffer {
  const lines = ['Referring Domain,Domain Rating'];
  for (let i = offset; i < offset + rows; i++) {
    lines.push(`https://www.referrer-${i}.example.com/page,${i % 100}`);
  }
  return Buffer.from(lines.join('\r\n'));
}

async function measure(handle: DatabaseHandle, label: string): Promise<void> {
  const { app, token, close } = await startBenchApp(handle.db);
  const headers = { authorization: `Bearer ${token}` };
  try {
    const domains = BuyerDomainListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/buyer/domains', headers })).json(),
    );
    const domainId = domains.data[0]!.id;
    const catalogue = async () => {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/buyer/sites?${CATALOGUE_QUERY}&filter[buyer_domain]=${domainId}&filter[is_back_linked]=false`,
        headers,
      });
      if (response.statusCode !== 200) throw new Error(`Catalogue answered ${response.statusCode}`);
      return performance.now() - started;
    };

    const upload = async (id: string, offset: number) => {
      const form = multipart(
        {},
        { name: 'referring-domains.csv', bytes: referentsCsv(ROWS, offset) },
      );
      const started = performance.now();
      const response = await app.inject({
        method: 'PUT',
        url: `/api/v1/buyer/domains/${id}/referents`,
        payload: form.payload,
        headers: { ...headers, ...form.headers },
      });
      if (response.statusCode !== 202) throw new Error(`Upload answered ${response.statusCode}`);
      return {
        ms: performance.now() - started,
        importId: BuyerDomainSchema.parse(response.json()).import_status!.id,
      };
    };
    const statusOf = async (importId: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/imports/statuses?filter[ids][]=${importId}`,
        headers,
      });
      return (response.json() as { data: { status: string }[] }).data[0]?.status;
    };

    // The import alone, then another one (of another domain) while catalogue requests follow
    // each other without pause, the worst a busy portal sees.
    const alone = await upload(domainId, 0);
    const aloneStarted = performance.now();
    await app.jobs.runNext();
    const aloneMs = performance.now() - aloneStarted;
    const aloneStatus = await statusOf(alone.importId);

    // Idle figures with the first list in place, as the catalogue reads it during the second.
    for (let run = 0; run < 3; run++) await catalogue();
    const idle: number[] = [];
    for (let run = 0; run < IDLE_RUNS; run++) idle.push(await catalogue());

    const loaded = await upload(domains.data[1]?.id ?? domainId, ROWS);
    const importStarted = performance.now();
    let importMs = 0;
    let running = true;
    const job = app.jobs.runNext().then(() => {
      importMs = performance.now() - importStarted;
      running = false;
    });
    const during: number[] = [];
    while (running) during.push(await catalogue());
    await job;
    const loadedStatus = await statusOf(loaded.importId);

    console.log(`\n${label}`);
    console.log(`  upload of ${ROWS.toLocaleString('en')} rows answered in ${ms(alone.ms)}`);
    console.log(`  import alone (${aloneStatus}) took ${(aloneMs / 1000).toFixed(2)} s`);
    console.log(
      `  import under catalogue load (${loadedStatus}) took ${(importMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `  catalogue p95 idle ${ms(percentile(idle, 95))} (${idle.length} requests), during the import ${ms(percentile(during, 95))} (${during.length} requests, max ${ms(Math.max(...during))})`,
    );
  } finally {
    await close();
  }
}

async function benchPglite(sites: number): Promise<void> {
  const seededDir = await seededPgliteDirectory(sites);
  // A copy in memory, so the imported rows never reach the cached directory.
  const source = await openPgliteDatabase({ dataDir: seededDir });
  const dump = await source.client.dumpDataDir('none');
  await source.close();
  const handle = await openPgliteDatabase({ loadDataDir: dump });
  try {
    await measure(handle, `PGlite, ${sites.toLocaleString('en')} sites`);
  } finally {
    await handle.close();
  }
}

async function benchPostgres(sites: number): Promise<void> {
  // A fresh cluster each run: the import changes the data.
  const server = await startTemporaryPostgres('buyer-portal-bench-imports-');
  try {
    const handle = await openPostgresDatabase(server.url);
    try {
      await loadDemoData(handle, sites, () => {});
      await measure(handle, `PostgreSQL (embedded), ${sites.toLocaleString('en')} sites`);
    } finally {
      await handle.close();
    }
  } finally {
    await server.stop();
  }
}

export async function runImportsServerBench(): Promise<void> {
  const sites = Number(process.env.BENCH_IMPORTS_SITES ?? 20_000);
  await benchPglite(sites);
  if (process.env.BENCH_IMPORTS_PG !== '0') await benchPostgres(sites);
}
