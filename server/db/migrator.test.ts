// The migrations runner on PGlite (decision 200): drizzle-orm's bookkeeping kept exactly,
// migrations marked to run outside a transaction, and the check a process started with
// MIGRATE_ON_START=false makes.
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as drizzleMigrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  createMigrationFolder,
  type FolderMigration,
  type MigrationFolder,
  whenOf,
} from '#tests/helpers/migration-folder.ts';
import { createEmptyPglite } from '#tests/helpers/test-databases.ts';

import { type DatabaseHandle, MIGRATIONS_FOLDER, queryRows } from './database.ts';
import { NO_TRANSACTION_MARKER, readMigrations, runMigrations } from './migrator.ts';
import { assertMigrated, pendingMigrations } from './pending-migrations.ts';
import { openPgliteDatabase, type PgliteDatabaseHandle } from './pglite.ts';
import { prepareDatabase } from './prepare.ts';

const TABLE: FolderMigration = {
  tag: '0000_things',
  statements: ['CREATE TABLE "things" ("id" integer PRIMARY KEY, "name" text)'],
};
const INDEX: FolderMigration = {
  tag: '0001_things_name_index',
  statements: [
    `${NO_TRANSACTION_MARKER}\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "things_name_idx" ON "things" ("name");`,
  ],
};
const COLUMN: FolderMigration = {
  tag: '0002_things_size',
  statements: ['ALTER TABLE "things" ADD COLUMN "size" integer'],
};

async function applied(handle: DatabaseHandle) {
  return queryRows<{ hash: string; created_at: string }>(
    handle.db,
    sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`,
  );
}

describe('running migrations', () => {
  let handle: PgliteDatabaseHandle;
  let folder: MigrationFolder;

  beforeEach(async () => {
    handle = await openPgliteDatabase();
    folder = createMigrationFolder();
  });
  afterEach(async () => {
    await handle.close();
    folder.remove();
  });

  it("keeps drizzle-orm's bookkeeping: what one applied, the other finds applied", async () => {
    await drizzleMigrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    const theirs = await applied(handle);
    expect(theirs).toEqual(
      readMigrations(MIGRATIONS_FOLDER).map((migration) => ({
        hash: migration.hash,
        created_at: String(migration.when),
      })),
    );
    await handle.migrate();
    expect(await applied(handle)).toEqual(theirs);
    // The template databases of the tests are migrated by this runner.
    const ours = await createEmptyPglite();
    try {
      expect(await applied(ours)).toEqual(theirs);
    } finally {
      await ours.close();
    }
  }, 300_000);

  it('runs a marked migration outside a transaction and records it as drizzle-orm would', async () => {
    folder.write([TABLE, INDEX, COLUMN]);
    await runMigrations(handle.db, { migrationsFolder: folder.path });
    const hashes = readMigrationFiles({ migrationsFolder: folder.path }).map((file) => file.hash);
    expect(await applied(handle)).toEqual(
      hashes.map((hash, index) => ({ hash, created_at: String(whenOf(index)) })),
    );
    const [index] = await queryRows<{ valid: boolean }>(
      handle.db,
      sql`select indisvalid as valid from pg_index where indexrelid = 'things_name_idx'::regclass`,
    );
    expect(index).toEqual({ valid: true });
    await handle.db.execute(sql`insert into things (id, name, size) values (1, 'a', 2)`);
  });

  it('applies only what is pending on a later run', async () => {
    folder.write([TABLE]);
    await runMigrations(handle.db, { migrationsFolder: folder.path });
    folder.write([TABLE, INDEX, COLUMN]);
    await runMigrations(handle.db, { migrationsFolder: folder.path });
    expect(await applied(handle)).toHaveLength(3);
  });

  it('refuses a migration outside a transaction that is not an index built concurrently', async () => {
    folder.write([
      TABLE,
      {
        tag: '0001_things_dropped',
        statements: [`${NO_TRANSACTION_MARKER}\nDROP TABLE "things";`],
      },
    ]);
    await expect(runMigrations(handle.db, { migrationsFolder: folder.path })).rejects.toThrow(
      /Migration 0001_things_dropped runs outside a transaction and may hold only/,
    );
    const [table] = await queryRows<{ name: string | null }>(
      handle.db,
      sql`select to_regclass('things')::text as name`,
    );
    expect(table).toEqual({ name: null });
  });
});

describe('the migrations a database lacks', () => {
  let handle: DatabaseHandle;

  beforeEach(async () => {
    handle = await openPgliteDatabase();
  });
  afterEach(async () => {
    await handle.close();
  });

  it('are all on an empty database, the newer ones on an older release, none on a newer one', async () => {
    const migrations = readMigrations(MIGRATIONS_FOLDER);
    expect(await pendingMigrations(handle)).toEqual(migrations.map((migration) => migration.tag));
    await handle.close();
    handle = await createEmptyPglite();
    expect(await pendingMigrations(handle)).toEqual([]);
    const newest = migrations.at(-1)!;
    await handle.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when}`,
    );
    expect(await pendingMigrations(handle)).toEqual([newest.tag]);
    await expect(assertMigrated(handle)).rejects.toThrow(
      `The database lacks migration this release needs (${newest.tag}) and MIGRATE_ON_START is false: run \`npm run db:migrate\``,
    );
    // A newer release migrated the database: this code still runs during the rolling deploy.
    await handle.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('a', ${newest.when}), ('b', ${newest.when + 1000})`,
    );
    expect(await pendingMigrations(handle)).toEqual([]);
    await expect(assertMigrated(handle)).resolves.toBeUndefined();
  }, 300_000);

  it('stop a start with migrations off, which then changes nothing', async () => {
    const log: string[] = [];
    const options = {
      migrate: false,
      demoData: true,
      seedSites: 10,
      log: (line: string) => log.push(line),
    };
    await expect(prepareDatabase(handle, options)).rejects.toThrow(/npm run db:migrate/);
    const [state] = await queryRows<{ drizzle: string | null; users: string | null }>(
      handle.db,
      sql`select to_regclass('drizzle.__drizzle_migrations')::text as drizzle, to_regclass('users')::text as users`,
    );
    expect(state).toEqual({ drizzle: null, users: null });
    expect(log).toEqual([]);
  });
});
