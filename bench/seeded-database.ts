// Seeded databases for the benchmarks, loaded quickly and kept between runs.
//
// Loading: migrations and reference data as on a first start, then the secondary indexes of the
// catalogue tables are dropped, the demo data is inserted (batches of unnested arrays, no
// foreign-key triggers) and the indexes are built once over the loaded rows, which is much
// cheaper than maintaining them (the trigram index above all) row by row. Then `vacuum analyze`,
// as after a first start, so that plans and index-only scans match a settled installation.
//
// Caching: the data directory lives under .tmp/bench/, named by the engine, the number of sites
// and a hash of the migrations and the seed code (the schema version). A directory is only reused
// when its loading finished (a marker file written last); outdated ones are removed.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'drizzle-orm';

import { type DatabaseHandle, queryRows } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite.ts';
import { seedReferenceData } from '#server/db/reference-data.ts';
import { seedDemoData } from '#server/db/seed/demo-data.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CACHE_DIR = path.join(root, '.tmp', 'bench');
const SCHEMA_INPUTS = ['server/db/migrations', 'server/db/seed', 'server/db/schema'];
const MARKER = 'bench-seeded.json';

export interface SeededDirectory {
  /** The data directory. */
  dir: string;
  /** Whether it still has to be loaded (no finished load was found). */
  fresh: boolean;
  /** Seconds the load took, when it was done earlier. */
  loadedIn: number | null;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return filesUnder(file);
      return name.endsWith('.test.ts') ? [] : [file];
    });
}

/** A hash of everything that shapes the loaded data: migrations, schema and seed code. */
export function schemaVersion(): string {
  const hash = createHash('sha256');
  for (const input of SCHEMA_INPUTS) {
    for (const file of filesUnder(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/** The cached data directory for an engine and size; removes outdated ones of the same kind. */
export function seededDirectory(engine: 'pglite' | 'postgres', sites: number): SeededDirectory {
  const prefix = `${engine}-${sites}-`;
  const name = `${prefix}${schemaVersion()}`;
  const dir = path.join(CACHE_DIR, name);
  mkdirSync(CACHE_DIR, { recursive: true });
  for (const other of readdirSync(CACHE_DIR)) {
    if (other.startsWith(prefix) && other !== name) {
      rmSync(path.join(CACHE_DIR, other), { recursive: true, force: true });
    }
  }
  const marker = path.join(dir, MARKER);
  if (existsSync(marker)) {
    const { seconds } = JSON.parse(readFileSync(marker, 'utf8')) as { seconds: number };
    return { dir, fresh: false, loadedIn: seconds };
  }
  // A load that did not finish leaves an unusable directory.
  rmSync(dir, { recursive: true, force: true });
  return { dir, fresh: true, loadedIn: null };
}

/** Records that the directory's load finished. */
export function markSeeded(dir: string, seconds: number): void {
  writeFileSync(path.join(dir, MARKER), JSON.stringify({ seconds }));
}

/** Migrates and loads the demo data with `sites` sites; returns the seconds it took. */
export async function loadDemoData(
  handle: DatabaseHandle,
  sites: number,
  log: (message: string) => void,
): Promise<number> {
  const started = performance.now();
  const { db } = handle;
  await handle.migrate();
  await seedReferenceData(db);
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename in ('sites', 'site_prices')
          and indexname not in (select conname from pg_constraint)`,
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.indexname)}`);
  let lastLog = 0;
  await seedDemoData(db, {
    siteCount: sites,
    onProgress: (message) => {
      if (performance.now() - lastLog < 10_000) return;
      lastLog = performance.now();
      log(`  ${message} (${((lastLog - started) / 1000).toFixed(0)} s)`);
    },
  });
  log(`  rows loaded (${((performance.now() - started) / 1000).toFixed(0)} s), building indexes`);
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql`vacuum analyze`);
  return (performance.now() - started) / 1000;
}

/** The seeded PGlite directory for `sites` sites, loading it first when it is not there yet. */
export async function seededPgliteDirectory(sites: number): Promise<string> {
  const seeded = seededDirectory('pglite', sites);
  if (seeded.fresh) {
    const loading = await openPgliteDatabase({ dataDir: seeded.dir });
    try {
      markSeeded(seeded.dir, await loadDemoData(loading, sites, console.log));
    } finally {
      await loading.close();
    }
  }
  return seeded.dir;
}
