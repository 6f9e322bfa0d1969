// The embedded database's own thread: PGlite (WASM) runs here and is served over the PostgreSQL
// wire protocol on a unix socket (@electric-sql/pglite-socket), so a slow query never holds the
// server's event loop, and the server speaks to it with the same `pg` driver as to PostgreSQL.
// Plain JavaScript, so the thread starts the same under Node, tsx and the test runner.
//
// workerData: { pgliteDir?: string, socketPath: string, maxConnections: number, loadDataDir?: Uint8Array }
// Messages to the parent: { type: 'ready' } | { type: 'failed', message } | { type: 'closed' }.
// From the parent: { type: 'close' } stops the socket server, closes PGlite and ends the thread.
import { rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { pgliteDir, socketPath, maxConnections, loadDataDir } = workerData;

/** @type {PGlite | null} */
let db = null;
/** @type {PGLiteSocketServer | null} */
let server = null;

async function open() {
  db = await PGlite.create({
    dataDir: pgliteDir,
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
    extensions: { pg_trgm },
  });
  // A socket left by a process that was killed: the data-directory lock says it is ours now.
  rmSync(socketPath, { force: true });
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
}

async function close() {
  try {
    await server?.stop();
  } finally {
    rmSync(socketPath, { force: true });
    await db?.close();
  }
}

parentPort.on('message', (message) => {
  if (message?.type !== 'close') return;
  close().then(
    () => {
      parentPort.postMessage({ type: 'closed' });
      parentPort.close();
    },
    (error) => {
      parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error) });
      parentPort.close();
    },
  );
});

open().then(
  () => parentPort.postMessage({ type: 'ready' }),
  async (error) => {
    parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error) });
    await close().catch(() => {});
    parentPort.close();
  },
);
