// Whether the database has every migration this code needs (decision 200): a process started with
// MIGRATE_ON_START=false refuses a database behind it, and readiness reports it. A database AHEAD
// of the code (a newer release migrated it while this one still runs) is accepted: migrations
// only expand what older code uses (docs/operations.md, "Migrations and the release order").
import { type DatabaseHandle, MIGRATIONS_FOLDER } from './database.ts';
import { lastAppliedWhen, type Migration, readMigrations } from './migrator.ts';

let known: Migration[] | null = null;

/** The migrations this code ships, read once per process. */
function shippedMigrations(): Migration[] {
  known ??= readMigrations(MIGRATIONS_FOLDER);
  return known;
}

/** Tags of the migrations this code needs and the database lacks; empty when it is up to date. */
export async function pendingMigrations(
  handle: Pick<DatabaseHandle, 'db'>,
  migrations: Migration[] = shippedMigrations(),
): Promise<string[]> {
  const last = await lastAppliedWhen(handle.db);
  return migrations
    .filter((migration) => last === null || last < migration.when)
    .map((migration) => migration.tag);
}

/** Throws, naming the release step, when the database lacks a migration this code needs. */
export async function assertMigrated(
  handle: Pick<DatabaseHandle, 'db'>,
  migrations?: Migration[],
): Promise<void> {
  const pending = await pendingMigrations(handle, migrations);
  if (pending.length === 0) return;
  const named = pending.length <= 3 ? pending.join(', ') : `${pending[0]} … ${pending.at(-1)}`;
  throw new Error(
    `The database lacks ${pending.length === 1 ? 'migration' : `${pending.length} migrations`} this release needs (${named}) and MIGRATE_ON_START is false: run \`npm run db:migrate\` (in the image: node dist-server/migrate.mjs) first.`,
  );
}
