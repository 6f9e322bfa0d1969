import path from 'node:path';

import type { DatabaseHandle } from './database.ts';
import { openPgliteWorkerDatabase } from './pglite-thread.ts';
import { openPostgresDatabase } from './postgres.ts';

export interface DatabaseSettings {
  databaseUrl?: string;
  dataDir: string;
}

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite, run in its own thread.
 * `onLost` is told when the embedded database's thread ends on its own.
 */
export function openDatabase(
  settings: DatabaseSettings,
  onLost?: (error: Error) => void,
): Promise<DatabaseHandle> {
  if (settings.databaseUrl) return openPostgresDatabase(settings.databaseUrl);
  return openPgliteWorkerDatabase({
    dataDir: path.resolve(settings.dataDir),
    displayDir: settings.dataDir,
    onLost,
  });
}
