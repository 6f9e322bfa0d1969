import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';

import { acquireDataDirLock } from './data-dir-lock.ts';
import { type DatabaseHandle, MIGRATIONS_FOLDER } from './database.ts';
import { runMigrations } from './migrator.ts';
import * as schema from './schema/index.ts';

export interface PgliteOpenOptions {
  /** Directory holding the database files; in memory when omitted. */
  dataDir?: string;
  /** How the data directory is named in messages (as configured, e.g. `./data`). */
  displayDir?: string;
  /** A tarball of a data directory to start from (PGlite `dumpDataDir`). */
  loadDataDir?: Blob;
}

export interface PgliteDatabaseHandle extends DatabaseHandle {
  readonly client: PGlite;
}

/**
 * Opens the embedded database in this thread (tests, tools and benchmarks that load data). On
 * disk, the data directory is locked for this process. The server opens it in its own thread
 * instead (openPgliteWorkerDatabase in pglite-thread.ts), so queries never hold its event loop.
 */
export async function openPgliteDatabase(
  options: PgliteOpenOptions = {},
): Promise<PgliteDatabaseHandle> {
  const lock = options.dataDir ? lockDataDir(options.dataDir, options.displayDir) : null;
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzle({ client, schema });
  return {
    db,
    client,
    driver: 'pglite',
    // One session: the migrations' session settings hold for it.
    migrate: (options) => runMigrations(db, { migrationsFolder: MIGRATIONS_FOLDER, ...options }),
    // PGlite serves one connection in one process (guarded by the directory lock): nothing to wait for.
    withExclusiveLock: (work) => work(),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function lockDataDir(dataDir: string, displayDir = dataDir) {
  mkdirSync(dataDir, { recursive: true });
  return acquireDataDirLock(dataDir, displayDir);
}
