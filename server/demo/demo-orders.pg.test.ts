// The demo orders on PostgreSQL are the ones PGlite gets: same ids, states, prices and ledger.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { type Database, type DatabaseHandle, queryRows } from '#server/db/database.ts';
import { openPostgresDatabase } from '#server/db/postgres.ts';
import { seedReferenceData } from '#server/db/reference-data.ts';
import { seedDemoData } from '#server/db/seed/demo-data.ts';
import { createEmptyPglite, createPostgresDatabase } from '#tests/helpers/test-databases.ts';

const TODAY = new Date('2026-03-02T09:00:00Z');

const seed = async (db: Database) => {
  await seedReferenceData(db);
  await seedDemoData(db, { siteCount: 120, today: TODAY, orders: true, passwordHash: 'unused' });
};

const snapshot = (db: Database) =>
  queryRows(
    db,
    sql`select o.id, o.number, o.status, o.payment_status, o.price_with_vat,
               (select string_agg(i.id || ' ' || i.status || ' ' || i.price, ', ' order by i.number)
                  from order_items i where i.order_id = o.id) as items,
               (select string_agg(t.id || ' ' || t.amount || ' ' || t.balance_after, ', '
                  order by t.created_at) from credit_transactions t where t.order_id = o.id) as ledger
        from orders o order by o.number`,
  );

describe('the demo orders on PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  let postgres: DatabaseHandle;

  beforeAll(async () => {
    database = await createPostgresDatabase(inject('databaseUrl'));
    postgres = await openPostgresDatabase(database.url);
    await postgres.withExclusiveLock(() => postgres.migrate());
    await seed(postgres.db);
  });
  afterAll(async () => {
    await postgres.close();
    await database.drop();
  });

  it('are the same as on PGlite, with every balance equal to its ledger', async () => {
    const pglite = await createEmptyPglite();
    try {
      await seed(pglite.db);
      const rows = await snapshot(postgres.db);
      expect(rows).toHaveLength(7);
      expect(rows).toEqual(await snapshot(pglite.db));
    } finally {
      await pglite.close();
    }
    const [unbalanced] = await queryRows<{ n: number }>(
      postgres.db,
      sql`select count(*)::int as n from companies c
          where c.credits_balance <> coalesce(
            (select sum(t.amount) from credit_transactions t where t.company_id = c.id), 0)`,
    );
    expect(unbalanced?.n).toBe(0);
  });
});
