import os from 'node:os';

import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

import { DEFAULT_ENV } from '../env.ts';
import { type DatabaseHandle, type MigrationRunOptions, MIGRATIONS_FOLDER } from './database.ts';
import { runMigrations } from './migrator.ts';
import { measurePoolLoad } from './pool-load.ts';
import * as schema from './schema/index.ts';

/** Key of the advisory lock serialising migrations and first-start seeding across API processes. */
const STARTUP_LOCK_KEY = 7_240_511;
/** PostgreSQL keeps the first 63 bytes of an application name. */
const APPLICATION_NAME_BYTES = 63;

/** The pool of one process (DATABASE_POOL_SIZE, DATABASE_*_TIMEOUT_MS; decision 198). */
export interface PoolSettings {
  size: number;
  /** Longest statement in ms, 0 for none; migrations run without it. */
  statementTimeoutMs: number;
  /** Longest pause inside a transaction in ms before the server ends the session; 0 for none. */
  idleInTransactionTimeoutMs: number;
}

export interface PostgresOptions {
  pool?: PoolSettings;
  /** What this process does (web, worker, all…), shown with the host in pg_stat_activity. */
  role?: string;
  /** Told of a pooled connection that failed while idle (the pool replaces it). */
  onPoolError?: (error: Error) => void;
}

/** `buyer-portal <role> <host>`, cut to what PostgreSQL keeps. */
export function applicationName(role: string, host = os.hostname()): string {
  const name = `buyer-portal ${role} ${host}`;
  return Buffer.from(name)
    .subarray(0, APPLICATION_NAME_BYTES)
    .toString()
    .replace(/\uFFFD$/, '');
}

export async function openPostgresDatabase(
  url: string,
  options: PostgresOptions = {},
): Promise<DatabaseHandle> {
  const settings = options.pool ?? DEFAULT_ENV.databasePool;
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.size,
    // Sent when each connection starts; a setting in DATABASE_URL's query wins.
    application_name: applicationName(options.role ?? 'all'),
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
  });
  const load = measurePoolLoad(pool, settings.size);
  pool.on('error', (error) => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
    options.onPoolError?.(error);
  });
  const db = drizzle({ client: pool, schema });

  async function withExclusiveLock<T>(work: () => Promise<T>): Promise<T> {
    // Advisory locks belong to a session, so take it on one dedicated connection.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  }

  return {
    db,
    driver: 'postgres',
    // Without the pool's statement timeout, on one session (migrator.ts).
    migrate: (options) => migrateOnOneConnection(pool, options),
    withExclusiveLock,
    waiting: load.waiting,
    expectedWaitMs: load.expectedWaitMs,
    poolCounts: load.counts,
    close: () => pool.end(),
  };
}

/** Migrations on one pooled connection, which their session settings hold for (migrator.ts). */
export async function migrateOnOneConnection(
  pool: pg.Pool,
  options: MigrationRunOptions = {},
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  const client = await pool.connect();
  try {
    await runMigrations(drizzle({ client, schema }), {
      ...options,
      migrationsFolder,
    });
  } finally {
    client.release();
  }
}
