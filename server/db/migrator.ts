// Applies pending migrations (decision 200). Drizzle's own bookkeeping is kept exactly: the table
// drizzle.__drizzle_migrations, one row per migration with the SHA-256 of its file and the
// journal's `when`, and a migration is pending when its `when` is later than the newest row's.
// Two things differ from drizzle-orm's migrator, which runs every pending migration in one
// transaction with no lock timeout:
// - each transaction sets a lock timeout and is tried again a few times when it runs out, so a
//   migration waiting for a table behind a long transaction does not queue every query behind it;
// - a migration whose first line is NO_TRANSACTION_MARKER runs outside a transaction, statement
//   by statement, so it can build an index concurrently.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';

import { type Database, type MigrationRunOptions, queryRows } from './database.ts';

/** First line of a migration that runs outside a transaction. */
export const NO_TRANSACTION_MARKER = '-- migration: no transaction';

const MIGRATIONS_TABLE = sql`"drizzle"."__drizzle_migrations"`;
/** PostgreSQL's error code when `lock_timeout` ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

export interface Migration {
  tag: string;
  /** The journal's `when`, stored as `created_at`. */
  when: number;
  hash: string;
  statements: string[];
  transaction: boolean;
}

export interface MigrateOptions extends MigrationRunOptions {
  migrationsFolder: string;
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** The migrations of a folder, in the journal's order, as drizzle-orm reads them. */
export function readMigrations(migrationsFolder: string): Migration[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const files = readMigrationFiles({ migrationsFolder });
  return journal.entries.map((entry, index) => {
    const file = files[index];
    if (!file) throw new Error(`Migration ${entry.tag} could not be read`);
    const transaction = !file.sql[0]?.startsWith(NO_TRANSACTION_MARKER);
    if (!transaction) checkNoTransactionStatements(entry.tag, file.sql);
    return {
      tag: entry.tag,
      when: file.folderMillis,
      hash: file.hash,
      statements: file.sql,
      transaction,
    };
  });
}

const CREATE_INDEX_CONCURRENTLY =
  /^create\s+(unique\s+)?index\s+concurrently\s+if\s+not\s+exists\s+"?([a-z0-9_]+)"?\s/i;
const DROP_INDEX_CONCURRENTLY = /^drop\s+index\s+concurrently\s+if\s+exists\s+"?([a-z0-9_]+)"?/i;

/** Bare SQL of a statement: comment lines and surrounding blanks removed. */
function bare(statement: string): string {
  return statement
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .trim();
}

/**
 * Outside a transaction an interrupted migration is run again from its first statement, so each
 * statement must be one that can be repeated: an index built or dropped concurrently, if (not)
 * exists. Anything else belongs in an ordinary migration.
 */
function checkNoTransactionStatements(tag: string, statements: string[]): void {
  for (const statement of statements.map(bare).filter(Boolean)) {
    if (!CREATE_INDEX_CONCURRENTLY.test(statement) && !DROP_INDEX_CONCURRENTLY.test(statement)) {
      throw new Error(
        `Migration ${tag} runs outside a transaction and may hold only "create index concurrently if not exists" and "drop index concurrently if exists" statements, not: ${statement.slice(0, 80)}`,
      );
    }
  }
}

/** `created_at` of the newest applied migration; null when none was (or no table yet). */
export async function lastAppliedWhen(db: Database): Promise<number | null> {
  const [present] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return null;
  const [last] = await queryRows<{ created_at: string | number | null }>(
    db,
    sql`select created_at from ${MIGRATIONS_TABLE} order by created_at desc limit 1`,
  );
  return last?.created_at == null ? null : Number(last.created_at);
}

/**
 * Applies the pending migrations of `migrationsFolder`. `db` must be ONE session (a single
 * connection, not a pool): the session settings below hold for it. Run it under the database
 * handle's exclusive lock.
 */
export async function runMigrations(db: Database, options: MigrateOptions): Promise<void> {
  const migrations = readMigrations(options.migrationsFolder);
  // A migration may rewrite a large table: no statement timeout the pool may set applies.
  await db.execute(sql`set statement_timeout = 0`);
  try {
    await applyPending(db, migrations, options);
  } finally {
    await db.execute(sql`reset statement_timeout`);
  }
}

async function applyPending(
  db: Database,
  migrations: Migration[],
  options: MigrateOptions,
): Promise<void> {
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS "drizzle"`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  const last = await lastAppliedWhen(db);
  const pending = migrations.filter((migration) => last === null || last < migration.when);
  let batch: Migration[] = [];
  for (const migration of pending) {
    if (migration.transaction) {
      batch.push(migration);
      continue;
    }
    await runInTransaction(db, batch, options);
    batch = [];
    await runOutsideTransaction(db, migration);
  }
  await runInTransaction(db, batch, options);
}

/** Consecutive ordinary migrations: one transaction, as drizzle-orm runs them. */
async function runInTransaction(
  db: Database,
  migrations: Migration[],
  options: MigrateOptions,
): Promise<void> {
  if (migrations.length === 0) return;
  const lockTimeoutMs = options.lockTimeoutMs ?? 5_000;
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    let current = migrations[0]?.tag;
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = ${Math.round(lockTimeoutMs)}`));
        for (const migration of migrations) {
          current = migration.tag;
          for (const statement of migration.statements) await tx.execute(sql.raw(statement));
          await tx.execute(
            sql`insert into ${MIGRATIONS_TABLE} ("hash", "created_at") values (${migration.hash}, ${migration.when})`,
          );
        }
      });
      return;
    } catch (error) {
      if (!isLockTimeout(error)) throw error;
      const waited = `Migration ${current} waited ${lockTimeoutMs / 1000} s for a lock on a table in use`;
      if (attempt >= attempts) {
        throw new Error(
          `${waited}, ${attempts} times; nothing was changed. Find the long transaction holding it (pg_stat_activity) and run the migrations again.`,
          { cause: error },
        );
      }
      options.log?.(`${waited}; trying again (${attempt + 1} of ${attempts}).`);
      await new Promise((resolve) =>
        setTimeout(resolve, (options.retryDelayMs ?? 1_000) * attempt),
      );
    }
  }
}

/**
 * A migration marked NO_TRANSACTION_MARKER: each statement on its own. An index build that was
 * interrupted leaves an invalid index of its name behind, which `if not exists` would keep: it is
 * dropped first. Concurrent builds block no reads or writes, so they wait for locks as long as
 * needed.
 */
async function runOutsideTransaction(db: Database, migration: Migration): Promise<void> {
  for (const statement of migration.statements.map(bare).filter(Boolean)) {
    const index = CREATE_INDEX_CONCURRENTLY.exec(statement)?.[2];
    if (index) await dropInvalidIndex(db, index);
    await db.execute(sql.raw(statement));
  }
  await db.execute(
    sql`insert into ${MIGRATIONS_TABLE} ("hash", "created_at") values (${migration.hash}, ${migration.when})`,
  );
}

async function dropInvalidIndex(db: Database, name: string): Promise<void> {
  const [invalid] = await queryRows<{ invalid: boolean }>(
    db,
    sql`select exists (select 1 from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relname = ${name} and c.relnamespace = 'public'::regnamespace and not i.indisvalid) as invalid`,
  );
  if (invalid?.invalid) await db.execute(sql.raw(`drop index concurrently if exists "${name}"`));
}

function isLockTimeout(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true;
  }
  return false;
}
