import { fileURLToPath } from 'node:url';

import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

import type { PoolCounts } from './pool-load.ts';
import type * as schema from './schema/index.ts';

/** The Drizzle database, whichever driver (PGlite or node-postgres) is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** How migrations wait for locks (server/db/migrator.ts). */
export interface MigrationRunOptions {
  /** How long a statement may wait for a lock before its transaction is tried again. */
  lockTimeoutMs?: number;
  /** Tries of one transaction before the migration fails. */
  attempts?: number;
  /** Pause before the next try, times the number of tries so far. */
  retryDelayMs?: number;
  log?: (message: string) => void;
}

/** An open database with the operations whose implementation differs per driver. */
export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  /**
   * Applies pending migrations from server/db/migrations on one connection, with a lock timeout
   * (server/db/migrator.ts). Call it inside withExclusiveLock.
   */
  migrate(options?: MigrationRunOptions): Promise<void>;
  /**
   * Runs `work` while holding a database-wide lock, so API processes starting together do not
   * migrate or seed at the same time. Not re-entrant.
   */
  withExclusiveLock<T>(work: () => Promise<T>): Promise<T>;
  /** Queries waiting for a pooled connection right now (drivers with a pool). */
  waiting?(): number;
  /**
   * How long a query arriving now would wait for a pooled connection, in ms (drivers with a
   * pool; `server/db/pool-load.ts`, decision 171).
   */
  expectedWaitMs?(): number;
  /** The pool's connections now (drivers with a pool), for the metrics. */
  poolCounts?(): PoolCounts;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Runs raw SQL and returns its rows; both drivers answer with a `rows` array. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
