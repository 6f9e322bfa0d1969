import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

import { type DatabaseHandle, type MigrationRunOptions, MIGRATIONS_FOLDER } from './database.ts';
import { runMigrations } from './migrator.ts';
import { measurePoolLoad } from './pool-load.ts';
import * as schema from './schema/index.ts';

/** Connections of one API process. */
const POOL_SIZE = 10;
/** Key of the advisory lock serialising migrations and first-start seeding across API processes. */
const STARTUP_LOCK_KEY = 7_240_511;

export async function openPostgresDatabase(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  const load = measurePoolLoad(pool, POOL_SIZE);
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
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
    migrate: (options) => migrateOnOneConnection(pool, options),
    withExclusiveLock,
    waiting: load.waiting,
    expectedWaitMs: load.expectedWaitMs,
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
