// The embedded database as the server uses it: PGlite in a worker thread (pglite-worker.js),
// spoken to through node-postgres. This module does not load PGlite itself, so the server's
// thread starts without it while the worker compiles it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import type { DatabaseHandle } from './database.ts';
import { measurePoolLoad } from './pool-load.ts';
import { migrateOnOneConnection } from './postgres.ts';
import * as schema from './schema/index.ts';

export interface PgliteWorkerOptions {
  /** Directory holding the database files; in memory when omitted. */
  dataDir?: string;
  /** How the data directory is named in messages (as configured, e.g. `./data`). */
  displayDir?: string;
  /** A tarball of a data directory to start from (PGlite `dumpDataDir`). */
  loadDataDir?: Blob;
  /**
   * Called when the database thread ends without being asked to (PGlite aborted): every later
   * query would fail, so the server should stop. The directory lock is released first.
   */
  onLost?: (error: Error) => void;
}

const WORKER_URL = new URL('./pglite-worker.js', import.meta.url);
/** pg finds a unix socket as `<host>/.s.PGSQL.<port>`. */
const SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
/** How long closing PGlite may take before its thread is ended. */
const CLOSE_TIMEOUT_MS = 5_000;
/** PGlite has one session: one connection (see below). */
const POOL_SIZE = 1;
/** Longest unix socket path that fits `sun_path` on Linux and macOS, with room to spare. */
const MAX_SOCKET_PATH = 100;

/**
 * Opens the embedded database in its own thread (decision 120): PGlite runs in a worker thread
 * behind @electric-sql/pglite-socket on a unix socket in the data directory, and this thread
 * speaks to it through node-postgres like to PostgreSQL. PGlite has one session, and the socket
 * server interleaves the messages of different connections outside a transaction, so the pool
 * holds ONE connection: a transaction or an extended-protocol exchange is never split, and
 * requests wait for it in the pool (not in the event loop).
 */
export async function openPgliteWorkerDatabase(
  options: PgliteWorkerOptions = {},
): Promise<DatabaseHandle> {
  const lock = options.dataDir ? lockDataDir(options.dataDir, options.displayDir) : null;
  const socketDir = socketDirectory(options.dataDir);
  const cleanUp = () => {
    if (socketDir.temporary) rmSync(socketDir.path, { recursive: true, force: true });
    lock?.release();
  };
  let thread: DatabaseThread;
  try {
    thread = await startDatabaseThread({
      pgliteDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
      socketPath: path.join(socketDir.path, SOCKET_NAME),
      // One for the pool, and room for a replacement while a dropped one is being cleaned up.
      maxConnections: 4,
      loadDataDir: options.loadDataDir
        ? new Uint8Array(await options.loadDataDir.arrayBuffer())
        : undefined,
    });
  } catch (error) {
    cleanUp();
    throw error;
  }
  const pool = new pg.Pool({
    host: socketDir.path,
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: POOL_SIZE,
    // The one connection stays open: a new one costs a startup exchange with PGlite.
    idleTimeoutMillis: 0,
  });
  pool.on('error', () => {
    // The idle connection was lost; the pool opens a new one on the next checkout.
  });
  let closing = false;
  thread.onExit((error) => {
    if (closing) return;
    cleanUp();
    void pool.end().catch(() => {});
    options.onLost?.(error);
  });
  const load = measurePoolLoad(pool, POOL_SIZE);
  const db = drizzle({ client: pool, schema });
  return {
    db,
    driver: 'pglite',
    migrate: (options) => migrateOnOneConnection(pool, options),
    // One process owns the directory (the lock): nothing to wait for. An advisory lock would need a
    // second connection, which the pool of one does not have.
    withExclusiveLock: (work) => work(),
    waiting: load.waiting,
    expectedWaitMs: load.expectedWaitMs,
    poolCounts: load.counts,
    close: async () => {
      if (closing) return;
      closing = true;
      try {
        await pool.end();
        await thread.close();
      } finally {
        cleanUp();
      }
    },
  };
}

interface DatabaseThread {
  close(): Promise<void>;
  onExit(listener: (error: Error) => void): void;
}

interface ThreadData {
  pgliteDir: string | undefined;
  socketPath: string;
  maxConnections: number;
  loadDataDir: Uint8Array | undefined;
}

type ThreadMessage = { type: 'ready' } | { type: 'closed' } | { type: 'failed'; message: string };

function startDatabaseThread(data: ThreadData): Promise<DatabaseThread> {
  const worker = new Worker(WORKER_URL, { workerData: data });
  let exitListener: ((error: Error) => void) | null = null;
  let closed: (() => void) | null = null;
  let lastFailure: string | null = null;
  return new Promise((resolve, reject) => {
    let ready = false;
    worker.on('message', (message: ThreadMessage) => {
      if (message.type === 'failed') lastFailure = message.message;
      if (message.type === 'closed') closed?.();
      if (message.type === 'failed' && !ready) reject(new Error(message.message));
      if (message.type !== 'ready') return;
      ready = true;
      resolve({
        close: () =>
          new Promise<void>((done) => {
            closed = done;
            worker.once('exit', () => done());
            worker.postMessage({ type: 'close' });
            // PGlite's close is a checkpoint; should it hang, end the thread: the WAL keeps every
            // commit, as after a kill -9.
            setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS).unref();
          }),
        onExit: (listener) => {
          exitListener = listener;
        },
      });
    });
    worker.on('error', (error) => {
      lastFailure = error.message;
      if (!ready) reject(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(
        `The embedded database stopped (exit code ${code})${lastFailure ? `: ${lastFailure}` : ''}`,
      );
      if (!ready) reject(error);
      else if (!closed) exitListener?.(error);
    });
  });
}

function socketDirectory(dataDir: string | undefined): { path: string; temporary: boolean } {
  // pg reads a host that does not start with a slash as a network name.
  const absolute = dataDir ? path.resolve(dataDir) : undefined;
  if (absolute && path.join(absolute, SOCKET_NAME).length <= MAX_SOCKET_PATH) {
    return { path: absolute, temporary: false };
  }
  // In memory, or a data directory too deep for a socket path: a private directory of our own.
  return { path: mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-db-')), temporary: true };
}

function lockDataDir(dataDir: string, displayDir = dataDir): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  return acquireDataDirLock(dataDir, displayDir);
}
