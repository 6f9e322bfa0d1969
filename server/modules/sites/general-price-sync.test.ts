import { readFileSync } from 'node:fs';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type DatabaseHandle, queryRows } from '#server/db/database.ts';
import { referenceIds, seedReferenceData } from '#server/db/reference-data.ts';
import { sitePrices, sites } from '#server/db/schema/index.ts';
import { createRandom } from '#server/db/seed/random.ts';
import { createSiteGenerator } from '#server/db/seed/site-generator.ts';
import { createEmptyPglite, createTestPglite } from '#tests/helpers/test-databases.ts';

const GENERAL = referenceIds.niche('general');
const CASINO = referenceIds.niche('casino');

describe('the General price on the site row', () => {
  let handle: DatabaseHandle;
  let siteId: string;

  beforeAll(async () => {
    handle = await createEmptyPglite();
    await seedReferenceData(handle.db);
    const site = createSiteGenerator({ random: createRandom(3), today: new Date('2026-01-15') })();
    const [inserted] = await handle.db
      .insert(sites)
      .values({ ...site, id: undefined, generalPrice: null })
      .returning({ id: sites.id });
    siteId = inserted?.id ?? '';
  });
  afterAll(async () => {
    await handle.close();
  });

  const stored = async () =>
    (
      await queryRows<{ general_price: string | null }>(
        handle.db,
        sql`select general_price from sites where id = ${siteId}`,
      )
    )[0]?.general_price;

  it('follows inserts, updates and deletes of the General row and ignores other niches', async () => {
    expect(await stored()).toBeNull();
    await handle.db.insert(sitePrices).values([
      { siteId, nicheId: GENERAL, price: '120.00' },
      { siteId, nicheId: CASINO, price: '300.00' },
    ]);
    expect(await stored()).toBe('120.00');

    await handle.db.execute(
      sql`update site_prices set price = price + 5 where site_id = ${siteId}`,
    );
    expect(await stored()).toBe('125.00');

    await handle.db.execute(
      sql`delete from site_prices where site_id = ${siteId} and niche_id = ${CASINO}`,
    );
    expect(await stored()).toBe('125.00');

    await handle.db.execute(
      sql`delete from site_prices where site_id = ${siteId} and niche_id = ${GENERAL}`,
    );
    expect(await stored()).toBeNull();
  });

  it('lets a site be deleted together with its prices', async () => {
    await handle.db.insert(sitePrices).values({ siteId, nicheId: GENERAL, price: '90.00' });
    expect(await stored()).toBe('90.00');
    await handle.db.execute(sql`delete from sites where id = ${siteId}`);
    const [left] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from site_prices where site_id = ${siteId}`,
    );
    expect(left?.n).toBe(0);
  });

  it("is backfilled by its migration from the sites' General rows", async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0003_catalogue_general_price.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "sites"'));
    expect(backfill).toBeDefined();
    const fixture = await createTestPglite();
    try {
      const mismatched = async () =>
        (
          await queryRows<{ n: number }>(
            fixture.db,
            sql`select count(*)::int as n from sites s
                left join (site_prices p join niches n on n.id = p.niche_id and n.slug = 'general')
                  on p.site_id = s.id
                where s.general_price is distinct from p.price`,
          )
        )[0]?.n;
      await fixture.db.execute(sql`update sites set general_price = null`);
      expect(await mismatched()).toBeGreaterThan(0);
      await fixture.db.execute(sql.raw(backfill ?? ''));
      expect(await mismatched()).toBe(0);
    } finally {
      await fixture.close();
    }
  });
});
