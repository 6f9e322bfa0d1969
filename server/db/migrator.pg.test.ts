// The migrations runner on PostgreSQL (decision 200): a migration waiting for a lock gives up after
// the lock timeout and is tried again, no statement timeout of the pool cuts it short, an index
// is built concurrently while the table takes writes, and a process started with migrations off
// refuses a database that lacks one.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import {
  createMigrationFolder,
  type FolderMigration,
  type MigrationFolder,
} from '#tests/helpers/migration-folder.ts';
import { createPostgresDatabase } from '#tests/helpers/test-databases.ts';

import { type DatabaseHandle, queryRows } from './database.ts';
import { NO_TRANSACTION_MARKER } from './migrator.ts';
import { migrateOnOneConnection, openPostgresDatabase } from './postgres.ts';
import { prepareDatabase } from './prepare.ts';

const TABLE: FolderMigration = {
  tag: '0000_things',
  statements: ['CREATE TABLE "things" ("id" integer PRIMARY KEY, "name" text)'],
};
const COLUMN: FolderMigration = {
  tag: '0001_things_size',
  statements: ['ALTER TABLE "things" ADD COLUMN "size" integer'],
};
const UNIQUE_NAME: FolderMigration = {
  tag: '0002_things_name_index',
  statements: [
    `${NO_TRANSACTION_MARKER}\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "things_name_idx" ON "things" ("name");`,
  ],
};

describe('migrations on PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  let pool: pg.Pool;
  /** Connections without the statement timeout, to look and to set up. */
  let plain: pg.Pool;
  let holder: pg.Client;
  let folder: MigrationFolder;

  beforeAll(async () => {
    database = await createPostgresDatabase(inject('databaseUrl'));
    // Every connection of this pool cuts statements off after 200 ms, as a web pool may.
    const url = new URL(database.url);
    url.searchParams.set('options', '-c statement_timeout=200');
    pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    plain = new pg.Pool({ connectionString: database.url, max: 2 });
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    folder = createMigrationFolder();
  });
  afterAll(async () => {
    await holder?.end();
    await pool?.end();
    await plain?.end();
    await database?.drop();
    folder?.remove();
  });

  const migrate = (log: (line: string) => void = () => {}, attempts = 3) =>
    migrateOnOneConnection(
      pool,
      { lockTimeoutMs: 200, attempts, retryDelayMs: 50, log },
      folder.path,
    );

  async function columns(): Promise<string[]> {
    const { rows } = await plain.query<{ name: string }>(
      `select column_name as name from information_schema.columns where table_name = 'things' order by ordinal_position`,
    );
    return rows.map((row) => row.name);
  }

  it('gives up on a table in use after the lock timeout, changing nothing', async () => {
    folder.write([TABLE]);
    await migrate();
    folder.write([TABLE, COLUMN]);
    await holder.query('begin');
    await holder.query('select * from things');
    const log: string[] = [];
    try {
      await expect(migrate((line) => log.push(line))).rejects.toThrow(
        'Migration 0001_things_size waited 0.2 s for a lock on a table in use, 3 times; nothing was changed.',
      );
    } finally {
      await holder.query('rollback');
    }
    expect(log).toEqual([
      'Migration 0001_things_size waited 0.2 s for a lock on a table in use; trying again (2 of 3).',
      'Migration 0001_things_size waited 0.2 s for a lock on a table in use; trying again (3 of 3).',
    ]);
    expect(await columns()).toEqual(['id', 'name']);
  });

  it('tries again and succeeds once the long transaction ends', async () => {
    await holder.query('begin');
    await holder.query('select * from things');
    const log: string[] = [];
    const running = migrate((line) => {
      log.push(line);
      void holder.query('rollback');
    }, 10);
    await running;
    expect(log).toHaveLength(1);
    expect(await columns()).toEqual(['id', 'name', 'size']);
  });

  it('is not cut short by the statement timeout of the pool', async () => {
    folder.write([TABLE, COLUMN, { tag: '0002_slow', statements: ['SELECT pg_sleep(0.5)'] }]);
    await expect(pool.query('select pg_sleep(0.5)')).rejects.toThrow(/statement timeout/);
    await migrate();
    const { rows } = await pool.query<{ statement_timeout: string }>('show statement_timeout');
    expect(rows).toEqual([{ statement_timeout: '200ms' }]);
  });

  it('builds an index concurrently while the table takes writes, replacing an invalid one', async () => {
    folder.write([
      TABLE,
      COLUMN,
      { tag: '0002_slow', statements: ['SELECT 1'] },
      { ...UNIQUE_NAME, tag: '0003_things_name_index' },
    ]);
    // An earlier build that failed half-way left an invalid index of the same name behind.
    await plain.query(`insert into things (id, name) values (1, 'a'), (2, 'a')`);
    await expect(
      plain.query('create unique index concurrently "things_name_idx" on things (name)'),
    ).rejects.toThrow();
    await plain.query(`update things set name = 'b' where id = 2`);
    // A transaction that is open when the build starts: the build waits for it, writers do not.
    await holder.query('begin');
    await holder.query(`insert into things (id, name) values (3, 'c')`);
    const running = migrate();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const written = await plain.query(`insert into things (id, name) values (4, 'd')`);
    expect(written.rowCount).toBe(1);
    await holder.query('commit');
    await running;
    const { rows } = await plain.query<{ valid: boolean }>(
      `select indisvalid as valid from pg_index where indexrelid = 'things_name_idx'::regclass`,
    );
    expect(rows).toEqual([{ valid: true }]);
    await expect(plain.query(`insert into things (id, name) values (5, 'a')`)).rejects.toThrow(
      /duplicate key/,
    );
  });
});

describe('starting with MIGRATE_ON_START=false on PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createPostgresDatabase(inject('databaseUrl'));
    handle = await openPostgresDatabase(database.url);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('refuses a database lacking migrations, then starts once the release step ran', async () => {
    const options = { migrate: false, demoData: false, seedSites: 0, log: () => {} };
    await expect(prepareDatabase(handle, options)).rejects.toThrow(
      /and MIGRATE_ON_START is false: run `npm run db:migrate`/,
    );
    const [before] = await queryRows<{ users: string | null }>(
      handle.db,
      sql`select to_regclass('users')::text as users`,
    );
    expect(before).toEqual({ users: null });
    await handle.withExclusiveLock(() => handle.migrate());
    await expect(prepareDatabase(handle, options)).resolves.toBeUndefined();
    // A later release migrated the database while this one still runs.
    await handle.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 4102444800000)`,
    );
    await expect(prepareDatabase(handle, options)).resolves.toBeUndefined();
  });
});
