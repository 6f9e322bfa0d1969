import { sql } from 'drizzle-orm';

import type { DemoDocumentsOptions } from '#server/demo/demo-orders.ts';

import type { DatabaseHandle } from './database.ts';
import { assertMigrated } from './pending-migrations.ts';
import { seedReferenceData } from './reference-data.ts';
import { isDemoSeedNeeded, seedDemoData } from './seed/demo-data.ts';

export interface PrepareOptions {
  /**
   * Apply migrations and reference data (MIGRATE_ON_START, default true). When false the release
   * step (`npm run db:migrate`) did both, and a database lacking a migration is refused.
   */
  migrate?: boolean;
  /** Create the demo data set when the database is empty. */
  demoData: boolean;
  seedSites: number;
  log: (message: string) => void;
  /** Where the demo orders' invoices and credit notes go, and the seller they print. */
  documents?: DemoDocumentsOptions;
}

/**
 * Brings a database up to date at start: migrations, reference data, demo data on first start.
 * With `migrate: false` it only checks that the migrations were applied, then creates demo data
 * on first start if asked.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: PrepareOptions,
): Promise<void> {
  await handle.withExclusiveLock(async () => {
    if (options.migrate === false) {
      await assertMigrated(handle);
    } else {
      await handle.migrate({ log: options.log });
      // One transaction: one commit (one WAL flush) instead of one per table on every start.
      await handle.db.transaction((tx) => seedReferenceData(tx));
    }
    if (!options.demoData || !(await isDemoSeedNeeded(handle.db))) return;
    const started = Date.now();
    options.log(`Creating demo data with ${options.seedSites} sites`);
    const summary = await seedDemoData(handle.db, {
      siteCount: options.seedSites,
      orders: true,
      documents: options.documents,
      onProgress: options.log,
    });
    // Fresh statistics, so the first catalogue queries get good plans, and a visibility map, so
    // that counting matching sites can read indexes alone (PGlite has no autovacuum).
    await handle.db.execute(sql`vacuum analyze`);
    options.log(
      `Demo data created: ${summary.sites} sites, ${summary.users} users, ${summary.orders} orders in ${Date.now() - started} ms`,
    );
  });
}
