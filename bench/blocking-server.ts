// The server side of the blocking benchmark, in a process of its own so that the measuring client
// is never held by the server's event loop: the app on a seeded PGlite data directory, opened in
// the server's thread (`inline`, as before decision 120) or in its own thread (`thread`).
// With `loop`, it runs a 250 ms query back to back, as a slow catalogue query would; with `export`,
// the catalogue export job (every site, written as CSV page by page) back to back, as the job
// worker runs it for a buyer.
// Prints one JSON line { token } once it listens.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';

import { systemClock } from '#server/clock.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite.ts';
import { openPgliteWorkerDatabase } from '#server/db/pglite-thread.ts';
import { users } from '#server/db/schema/index.ts';
import { DEMO_EMAILS } from '#server/db/seed/demo-users.ts';
import { insertExportTask } from '#server/modules/exports/exports.repository.ts';
import { createSiteExportJob } from '#server/modules/exports/site-export.job.ts';
import { createSitesService } from '#server/modules/sites/sites.service.ts';
import { createLocalFileStore } from '#server/storage/local-file-store.ts';

import { startBenchApp } from './bench-app.ts';

const [mode, dataDir, port, load] = process.argv.slice(2);
const staticDir = process.argv[6] ?? null;

const handle: DatabaseHandle =
  mode === 'thread'
    ? await openPgliteWorkerDatabase({ dataDir })
    : await openPgliteDatabase({ dataDir });
const { app, token, close } = await startBenchApp(handle.db, { staticDir });
await app.listen({ port: Number(port), host: '127.0.0.1' });

/** Runs the export job for the demo buyer, every site, once per call. */
async function exporter(): Promise<() => Promise<void>> {
  const exportDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-export-'));
  const [buyer] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_EMAILS.buyer));
  if (!buyer) throw new Error('The demo buyer is missing');
  const job = createSiteExportJob({
    db: handle.db,
    sites: createSitesService({ db: handle.db }),
    now: systemClock,
    files: createLocalFileStore(path.join(exportDir, 'files')),
  });
  return async () => {
    const task = await insertExportTask(handle.db, { userId: buyer.id, query: {} });
    await job({ taskId: task.id });
    rmSync(path.join(exportDir, 'files'), { recursive: true, force: true });
  };
}

const work =
  load === 'loop'
    ? async () => {
        await handle.db.execute(sql`select pg_sleep(0.25)`);
      }
    : load === 'export'
      ? await exporter()
      : null;
let running = work !== null;
const looping = (async () => {
  while (running && work) {
    await work();
    // Give pending I/O its turn between runs, as a job or a request handler would.
    await new Promise((resolve) => setImmediate(resolve));
  }
})();

process.once('SIGTERM', () => {
  running = false;
  void looping
    .then(() => close())
    .then(() => handle.close())
    .then(() => process.exit(0));
});
console.log(JSON.stringify({ token }));
