import path from 'node:path';

import type { WorkerRoles } from '../app-options.ts';
import type { DatabaseHandle } from './database.ts';
import { openPgliteWorkerDatabase } from './pglite-thread.ts';
import { openPostgresDatabase, type PoolSettings } from './postgres.ts';

export interface DatabaseSettings {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL's pool; the defaults of server/env.ts when not given. */
  databasePool?: PoolSettings;
  /** The kinds of job this process works: its role in the database's application name. */
  workers?: WorkerRoles;
}

/** `web` for WORKERS=none, `worker` for a list of kinds, `all` for every kind. */
export function processRole(workers: WorkerRoles | undefined): string {
  if (workers === 'none') return 'web';
  if (workers === undefined || workers === 'all') return 'all';
  return 'worker';
}

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite, run in its own thread.
 * `onLost` is told when the embedded database's thread ends on its own; `onPoolError` when a
 * pooled PostgreSQL connection fails while idle.
 */
export function openDatabase(
  settings: DatabaseSettings,
  onLost?: (error: Error) => void,
  onPoolError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  if (settings.databaseUrl) {
    return openPostgresDatabase(settings.databaseUrl, {
      pool: settings.databasePool,
      role: processRole(settings.workers),
      onPoolError,
    });
  }
  return openPgliteWorkerDatabase({
    dataDir: path.resolve(settings.dataDir),
    displayDir: settings.dataDir,
    onLost,
  });
}
