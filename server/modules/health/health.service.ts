// Whether this process should get traffic (decision 199): a list of named checks the app passes
// in (database, file store; another is one more entry), each given READINESS_TIMEOUT_MS, run
// together; and the drain, which turns readiness off at once on SIGTERM while the process keeps
// serving, so that the balancer stops sending before the process stops answering.
import { sql } from 'drizzle-orm';

import type { Readiness } from '#contract/health.ts';
import type { BuildInfo } from '#server/build-info.ts';
import type { Database } from '#server/db/database.ts';
import { pendingMigrations } from '#server/db/pending-migrations.ts';
import type { FileStore } from '#server/storage/file-store.ts';

/** What one check of readiness asks: it fails by throwing; `signal` ends when its time is up. */
export interface ReadinessCheck {
  readonly name: string;
  run(signal: AbortSignal): Promise<void>;
}

/** The time each check has: a check that hangs answers `timeout`, not a hung probe. */
export const READINESS_TIMEOUT_MS = 1000;

export interface ReadinessState {
  /** Runs the checks, unless draining; `status` is `ok` only when every check passed. */
  report(): Promise<Readiness & { failures: { name: string; error: unknown }[] }>;
  /** From now on readiness answers `draining`; the process itself goes on serving. */
  drain(): void;
  readonly draining: boolean;
}

export function createReadiness(options: {
  checks: readonly ReadinessCheck[];
  build: BuildInfo;
  timeoutMs?: number;
}): ReadinessState {
  const { checks, build } = options;
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain: () => {
      draining = true;
    },
    report: async () => {
      if (draining) return { status: 'draining', ...build, checks: {}, failures: [] };
      const outcomes = await Promise.all(checks.map((check) => runCheck(check, timeoutMs)));
      const failures = outcomes.flatMap(({ name, error }) =>
        error === undefined ? [] : [{ name, error }],
      );
      return {
        status: failures.length === 0 ? 'ok' : 'unavailable',
        ...build,
        checks: Object.fromEntries(outcomes.map(({ name, outcome }) => [name, outcome])),
        failures,
      };
    },
  };
}

class CheckTimeout extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
    this.name = 'CheckTimeout';
  }
}

/** Runs one check against its time limit: whatever the check does, this ends in time. */
async function runCheck(check: ReadinessCheck, timeoutMs: number) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new CheckTimeout(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    await Promise.race([check.run(controller.signal), late]);
    return { name: check.name, outcome: 'ok' as const, error: undefined };
  } catch (error) {
    const outcome = error instanceof CheckTimeout ? ('timeout' as const) : ('failed' as const);
    return { name: check.name, outcome, error: error ?? new Error('failed') };
  } finally {
    clearTimeout(timer);
  }
}

/** The database answers `select 1`. */
/**
 * Every migration this code needs is applied (decision 200): a process started before the release
 * step (`MIGRATE_ON_START=false`) is not ready until it has run. A database ahead is fine.
 */
export function migrationsCheck(db: Database): ReadinessCheck {
  return {
    name: 'migrations',
    run: async () => {
      const pending = await pendingMigrations({ db });
      if (pending.length > 0) throw new Error(`${pending.length} migration(s) not applied`);
    },
  };
}

export function databaseCheck(db: Database): ReadinessCheck {
  return {
    name: 'database',
    run: async () => {
      await db.execute(sql`select 1`);
    },
  };
}

/** The file store can be used: its directory is writable, or its bucket answers. */
export function fileStoreCheck(files: FileStore): ReadinessCheck {
  return { name: 'files', run: (signal) => files.probe(signal) };
}
