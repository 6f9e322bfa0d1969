import path from 'node:path';
import type { DatabaseHandle } from './database.ts';
import { openPgliteDatabase } from './pglite.ts';
import { openPostgresDatabase } from './postgres.ts';

export interface DatabaseSettings {
  databaseUrl?: string;
  dataDir: string;
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function openDatabase(settings: DatabaseSettings): Promise<DatabaseHandle> {
  if (settings.databaseUrl) return openPostgresDatabase(settings.databaseUrl);
  return openPgliteDatabase({
    dataDir: path.resolve(settings.dataDir),
    displayDir: settings.dataDir,
  });
}
