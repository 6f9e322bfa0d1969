// The demo data set created on the first start of a demo installation: a deterministic catalogue,
// the demo users with their companies and domains, and (on a demo start) their orders and the
// team Buyer's pending purchase request. All or nothing: one transaction.
import { sql } from 'drizzle-orm';

import type { VatSeller } from '#contract/vat.ts';
import { type DemoDocumentsOptions, seedDemoOrders } from '#server/demo/demo-orders.ts';
import { hashPassword } from '#server/modules/auth/auth.service.ts';

import { type Database, queryRows } from '../database.ts';
import { seedDemoAvatars } from './demo-avatars.ts';
import { seedDemoDomains } from './demo-domains.ts';
import { seedDemoSites } from './demo-sites.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoUsers } from './demo-users.ts';
import { createRandom } from './random.ts';

export const DEFAULT_DEMO_SEED = 20_260_101;

export interface DemoDataOptions {
  siteCount: number;
  seed?: number;
  /** The day the catalogue counts as refreshed; site dates are spread before it. */
  today?: Date;
  /**
   * Also place the demo buyers' orders of the past weeks and the team Buyer's pending purchase
   * request (a demo start does; the test fixture starts without either).
   */
  orders?: boolean;
  /** The seller whose VAT the demo orders carry (decision 030); Germany at 19 % unless given. */
  seller?: VatSeller;
  /**
   * Where the demo orders' invoices and credit notes are written (DATA_DIR) and the seller they
   * print (decision 043); without it the demo orders have no documents.
   */
  documents?: DemoDocumentsOptions;
  /** A precomputed hash of the demo password (tests hash it once per run). */
  passwordHash?: string;
  onProgress?: (message: string) => void;
}

export interface DemoDataSummary {
  sites: number;
  users: number;
  orders: number;
}

/** True when neither users nor sites exist yet: the state in which demo data is created. */
export async function isDemoSeedNeeded(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ populated: boolean }>(
    db,
    sql`select exists (select 1 from users) or exists (select 1 from sites) as populated`,
  );
  return row?.populated === false;
}

export async function seedDemoData(
  db: Database,
  options: DemoDataOptions,
): Promise<DemoDataSummary> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const onProgress = options.onProgress ?? (() => {});
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  return db.transaction(async (tx) => {
    await skipForeignKeyChecksIfAllowed(tx);
    const today = options.today ?? new Date();
    const catalogueHostnames = await seedDemoSites(tx, {
      random: createRandom(seed),
      today,
      count: options.siteCount,
      onProgress,
    });
    // A separate stream, so the people do not change when the number of sites changes.
    const random = createRandom(seed + 1);
    const buyers = await seedDemoUsers(tx, random, passwordHash);
    await seedDemoDomains(tx, { random, buyers, catalogueHostnames });
    onProgress('Seeded demo users and domains');
    const orders = options.orders
      ? await seedDemoOrders(tx, {
          random: createRandom(seed + 2),
          today,
          buyers,
          catalogueHostnames,
          seller: options.seller,
          documents: options.documents,
        })
      : 0;
    if (orders > 0) onProgress(`Seeded ${orders} demo orders`);
    if (options.documents) await seedDemoAvatars(tx, options.documents.files);
    return { sites: catalogueHostnames.length, users: Object.keys(DEMO_EMAILS).length, orders };
  });
}

/**
 * Foreign-key triggers dominate the cost of loading 100k generated sites. The generator only
 * produces valid references (a test checks them), so when the role may do it the checks are
 * switched off for this transaction only, as bulk loads usually do.
 */
async function skipForeignKeyChecksIfAllowed(tx: Database): Promise<void> {
  const [role] = await queryRows<{ is_superuser: boolean }>(
    tx,
    sql`select rolsuper as is_superuser from pg_roles where rolname = current_user`,
  );
  if (role?.is_superuser) await tx.execute(sql`set local session_replication_role = replica`);
}
