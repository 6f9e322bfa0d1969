import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SiteFilter } from '#contract/catalogue.ts';
import { type DatabaseHandle, queryRows } from '#server/db/database.ts';
import { blacklistedSites, sites, users } from '#server/db/schema/index.ts';
import { DEMO_EMAILS } from '#server/db/seed/demo-users.ts';
import { createTestPglite } from '#tests/helpers/test-databases.ts';

import type { SiteSearch } from './site-query.ts';
import { sitePageStatements } from './sites.repository.ts';

describe('a page sorted by price and filtered on a DR range', () => {
  let handle: DatabaseHandle;
  let buyerId: string;

  beforeAll(async () => {
    handle = await createTestPglite();
    const [buyer] = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_EMAILS.buyer));
    buyerId = buyer?.id ?? '';
    const all = await handle.db.select({ id: sites.id }).from(sites).orderBy(sites.id);
    // Many sites of one DR value, ties on price across DR values, a site without a General price
    // and a blacklisted site.
    await handle.db.execute(
      sql`update sites set ahrefs_domain_rating = 25
          where id in (select id from sites order by id desc limit 20)`,
    );
    await handle.db.execute(
      sql`update site_prices set price = 100 where site_id in (${all[0]?.id}, ${all[1]?.id}, ${all[2]?.id})
          and niche_id = (select id from niches where slug = 'general')`,
    );
    await handle.db.execute(
      sql`delete from site_prices where site_id = ${all[3]?.id}
          and niche_id = (select id from niches where slug = 'general')`,
    );
    await handle.db.insert(blacklistedSites).values({ userId: buyerId, siteId: all[4]?.id ?? '' });
  });
  afterAll(async () => {
    await handle.close();
  });

  const search = (filter: SiteFilter): SiteSearch => ({
    userId: buyerId,
    buyerDomainId: null,
    filter,
    priceNicheIds: null,
    sorting: { price: 'ASC' },
    searchTopics: [],
  });

  /** The same page from one plain ordered statement. */
  const expected = async (min: number, max: number, offset: number, limit: number) =>
    (
      await queryRows<{ id: string }>(
        handle.db,
        sql`select id from sites
            where ahrefs_domain_rating between ${min} and ${max}
              and id not in (select site_id from blacklisted_sites where user_id = ${buyerId})
            order by general_price asc nulls last, id asc
            offset ${offset} limit ${limit}`,
      )
    ).map((row) => row.id);

  it('lists the same sites in the same order as the whole price order, page after page', async () => {
    const cases = [
      { filter: { ahrefs_domain_rating: { min: 0 } }, min: 0, max: 100 },
      { filter: { ahrefs_domain_rating: { min: 15 } }, min: 15, max: 100 },
      { filter: { ahrefs_domain_rating: { min: 11, max: 40 } }, min: 11, max: 40 },
      { filter: { ahrefs_domain_rating: { max: 30 } }, min: 0, max: 30 },
      { filter: { ahrefs_domain_rating: { min: 60, max: 50 } }, min: 60, max: 50 },
    ];
    let compared = 0;
    for (const { filter, min, max } of cases) {
      for (const [offset, limit] of [
        [0, 5],
        [5, 5],
        [10, 7],
        [0, 100],
      ] as const) {
        const rows = await sitePageStatements(handle.db, search(filter), { offset, limit }).rows;
        const want = await expected(min, max, offset, limit);
        expect(rows.map((row) => row.id)).toEqual(want);
        compared += want.length;
      }
    }
    // The cases are not all empty: the comparison has something to compare.
    expect(compared).toBeGreaterThan(50);
  });
});
