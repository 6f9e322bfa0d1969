// The server side of the blocking benchmark, in a process of its own so that the measuring client
// is never held by the server's event loop: the app on a seeded PGlite data directory, opened in
// the server's thread (`inline`, as before decision 120) or in its own thread (`thread`).
// With `loop`, it runs a 250 ms query back to back, as a slow catalogue query or an export would.
// Prints one JSON line { token } once it listens.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite.ts';
import { openPgliteWorkerDatabase } from '#server/db/pglite-thread.ts';
import { startBenchApp } from './bench-app.ts';

const [mode, dataDir, port, load] = process.argv.slice(2);
const staticDir = process.argv[6] ?? null;

const handle: DatabaseHandle =
  mode === 'thread'
    ? await openPgliteWorkerDatabase({ dataDir })
    : await openPgliteDatabase({ dataDir });
const { app, token, close } = await startBenchApp(handle.db, { staticDir });
await app.listen({ port: Number(port), host: '127.0.0.1' });

let running = load === 'loop';
const looping = (async () => {
  while (running) {
    await handle.db.execute(sql`select pg_sleep(0.25)`);
    // Give pending I/O its turn between queries, as a job or a request handler would.
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
