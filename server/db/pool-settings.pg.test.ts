// The PostgreSQL pool as configured (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS,
// DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS; decision 198): every pooled session carries the
// timeouts and an application name with the process's role and host, migrations run without the
// statement timeout, and a connection lost while idle is reported.
import os from 'node:os';

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createPostgresDatabase } from '#tests/helpers/test-databases.ts';

import { type DatabaseHandle, queryRows } from './database.ts';
import { openDatabase } from './open-database.ts';
import { applicationName } from './postgres.ts';

const POOL = { size: 2, statementTimeoutMs: 300, idleInTransactionTimeoutMs: 1500 };

describe('the PostgreSQL pool from configuration', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase(inject('databaseUrl'));
    handle = await openDatabase(
      { databaseUrl: database.url, dataDir: os.tmpdir(), databasePool: POOL, workers: 'none' },
      undefined,
      (error) => poolErrors.push(error),
    );
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const setting = async (name: string) =>
    (
      await queryRows<{ value: string }>(handle.db, sql`select current_setting(${name}) as value`)
    )[0]?.value;

  it('sets the timeouts and names the role and host on every session', async () => {
    expect(await setting('statement_timeout')).toBe('300ms');
    expect(await setting('idle_in_transaction_session_timeout')).toBe('1500ms');
    expect(await setting('application_name')).toBe(`buyer-portal web ${os.hostname()}`);
    expect(applicationName('worker', 'h'.repeat(80))).toHaveLength(63);
  });

  it('cancels a statement longer than the timeout with the timeout error of PostgreSQL', async () => {
    const slow = handle.db.execute(sql`select pg_sleep(2)`);
    await expect(slow).rejects.toMatchObject({
      cause: expect.objectContaining({
        code: '57014',
        message: 'canceling statement due to statement timeout',
      }),
    });
  });

  it('holds at most DATABASE_POOL_SIZE connections; the next query waits', async () => {
    // Drizzle sends a query once it is awaited: Promise.resolve starts each now.
    const queries = [1, 2, 3].map(() =>
      Promise.resolve(handle.db.execute(sql`select pg_sleep(0.1)`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(handle.waiting?.()).toBe(1);
    await Promise.all(queries);
    const [row] = await queryRows<{ sessions: number }>(
      handle.db,
      sql`select count(*)::int as sessions from pg_stat_activity
          where application_name = ${`buyer-portal web ${os.hostname()}`}
            and datname = current_database()`,
    );
    expect(row?.sessions).toBeLessThanOrEqual(2);
  });

  it('migrates without the statement timeout', async () => {
    const strict = await openDatabase(
      {
        databaseUrl: database.url,
        dataDir: os.tmpdir(),
        databasePool: { ...POOL, statementTimeoutMs: 1 },
      },
      undefined,
      () => {},
    );
    try {
      await expect(strict.migrate()).resolves.toBeUndefined();
      const [row] = await queryRows<{ tables: number }>(
        handle.db,
        sql`select count(*)::int as tables from information_schema.tables where table_name = 'users'`,
      );
      expect(row?.tables).toBe(1);
    } finally {
      await strict.close();
    }
  });

  it('reports a pooled connection lost while idle', async () => {
    const [own] = await queryRows<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid`);
    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    try {
      await killer.query('select pg_terminate_backend($1)', [own?.pid]);
    } finally {
      await killer.end();
    }
    for (let waited = 0; poolErrors.length === 0 && waited < 3000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(poolErrors[0]?.message).toMatch(/terminat/);
    // The pool replaces it: the next query is answered.
    await expect(setting('statement_timeout')).resolves.toBe('300ms');
  });
});
