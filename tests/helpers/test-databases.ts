// Fresh databases for tests. A server test file runs on PGlite in the `server` project and, when
// the `postgres` project includes it too, on PostgreSQL there (createProjectDatabase). PGlite: in memory, started from a tarball of a migrated and seeded
// database that is built once and cached in the temp directory (creating a PGlite database from
// scratch takes seconds; loading the tarball about one). PostgreSQL: a new database per test file
// on the server the postgres project's global setup provides.
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import { inject } from 'vitest';

import type { DatabaseHandle } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite.ts';
import { openPostgresDatabase } from '#server/db/postgres.ts';

import { seedFixture } from './fixture.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TEMPLATE_INPUTS = [
  'server/db',
  'tests/helpers/fixture.ts',
  'server/modules/auth/passwords.ts',
];

type Template = 'fixture' | 'empty';

/** A new in-memory PGlite database with migrations applied and the fixture loaded. */
export async function createTestPglite(): Promise<DatabaseHandle> {
  return openPgliteDatabase({ loadDataDir: new Blob([await pgliteTemplate('fixture')]) });
}

/** The migrated database with the fixture as a PGlite data-directory tarball (`loadDataDir`). */
export async function pgliteFixtureTarball(): Promise<Blob> {
  return new Blob([await pgliteTemplate('fixture')]);
}

/** A new in-memory PGlite database with migrations applied and no rows. */
export async function createEmptyPglite(): Promise<DatabaseHandle> {
  return openPgliteDatabase({ loadDataDir: new Blob([await pgliteTemplate('empty')]) });
}

async function pgliteTemplate(template: Template): Promise<Uint8Array> {
  const file = path.join(templatesDir(), `${template}-${templateKey()}.tar`);
  if (existsSync(file)) return readFileSync(file);
  const handle = await openPgliteDatabase();
  try {
    await handle.migrate();
    if (template === 'fixture') await seedFixture(handle.db);
    const dump = new Uint8Array(await (await handle.client.dumpDataDir('none')).arrayBuffer());
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a parallel test file never reads half a template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
    removeOutdatedTemplates(file, template);
    return dump;
  } finally {
    await handle.close();
  }
}

/**
 * Where this checkout keeps its templates: a folder of its own, so that two checkouts on one
 * machine, each with its own schema, never remove each other's templates while they are used.
 */
function templatesDir(): string {
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), 'buyer-portal-test-db', checkout);
}

/**
 * Templates of earlier schema or seed versions are 40 MB each and never used again. Only whole
 * templates (`.tar`) go: a file still being written by a parallel test file is left alone.
 */
function removeOutdatedTemplates(current: string, template: Template): void {
  const dir = path.dirname(current);
  for (const name of readdirSync(dir)) {
    if (
      name.startsWith(`${template}-`) &&
      name.endsWith('.tar') &&
      name !== path.basename(current)
    ) {
      rmSync(path.join(dir, name), { force: true });
    }
  }
}

/** Changes whenever the schema, migrations, seed or fixture change. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const input of TEMPLATE_INPUTS) {
    for (const file of filesUnder(path.join(root, input))) {
      hash.update(path.relative(root, file)).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 24);
}

function filesUnder(target: string): string[] {
  if (!existsSync(target)) return [];
  if (statSync(target).isFile()) return [target];
  return readdirSync(target, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(target, entry))
    .filter((file) => statSync(file).isFile() && !file.endsWith('.test.ts'))
    .sort();
}

/**
 * A fresh database of the kind the test project runs on: PostgreSQL on the server the `postgres`
 * project provides (vitest.config.ts), else PGlite. `close` closes it and drops what it made.
 */
export async function createProjectDatabase(): Promise<{
  handle: DatabaseHandle;
  close(): Promise<void>;
}> {
  const serverUrl: string | undefined = inject('databaseUrl');
  if (serverUrl) {
    const database = await createTestPostgres(serverUrl);
    return { handle: database.handle, close: database.drop };
  }
  const handle = await createTestPglite();
  return { handle, close: () => handle.close() };
}

export interface TestPostgres {
  handle: DatabaseHandle;
  /** The database's connection string, for opening it again as another process would. */
  url: string;
  /** Closes the connections and drops the database. */
  drop(): Promise<void>;
}

/**
 * A new database on the given server, migrated and loaded with the fixture: a copy of a template
 * database that the first test file of a schema version builds (copying takes a fraction of a
 * second; migrating and seeding, seconds).
 */
export async function createTestPostgres(serverUrl: string): Promise<TestPostgres> {
  const template = await postgresFixtureTemplate(serverUrl);
  const database = await createPostgresDatabase(serverUrl, template);
  const handle = await openPostgresDatabase(database.url);
  return {
    handle,
    url: database.url,
    drop: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * The name of a database on the server with migrations applied and the fixture loaded, built the
 * first time it is asked for (per schema, seed and fixture version). Nobody connects to it after
 * it is built, as `create database … template` requires. Test files of several runs may ask at
 * once: an advisory lock lets one build it, and it gets its name only when complete.
 */
async function postgresFixtureTemplate(serverUrl: string): Promise<string> {
  const name = `test_template_${templateKey()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const partial = await createPostgresDatabase(serverUrl);
      const handle = await openPostgresDatabase(partial.url);
      try {
        await handle.migrate();
        await seedFixture(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(
        `alter database ${new URL(partial.url).pathname.slice(1)} rename to ${name}`,
      );
    }
    return name;
  } finally {
    await client.end();
  }
}

/**
 * A new database on the given server, empty or a copy of `template`; `drop` removes it (close its
 * connections first).
 */
export async function createPostgresDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
