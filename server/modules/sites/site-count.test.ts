import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SiteFilter } from '#contract/catalogue.ts';
import { type DatabaseHandle, queryRows } from '#server/db/database.ts';
import { blacklistedSites, sites, users } from '#server/db/schema/index.ts';
import { DEMO_EMAILS } from '#server/db/seed/demo-users.ts';
import { createTestPglite } from '#tests/helpers/test-databases.ts';

import { createSiteCounter, globalCountKey } from './site-count.ts';
import type { SiteSearch } from './site-query.ts';

function searchOf(userId: string, filter: SiteFilter): SiteSearch {
  return {
    userId,
    buyerDomainId: null,
    filter,
    priceNicheIds: filter.niche && filter.niche.length > 0 ? filter.niche : null,
    sorting: {},
    searchTopics: [],
  };
}

describe('counting the sites of a list', () => {
  let handle: DatabaseHandle;
  let buyerId: string;
  let secondBuyerId: string;
  let blacklisted: string[];

  /** The count the list must show, straight from the tables. */
  const expected = async (userId: string, minDr: number) => {
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from sites
          where ahrefs_domain_rating >= ${minDr}
            and id not in (select site_id from blacklisted_sites where user_id = ${userId})`,
    );
    return row?.n ?? -1;
  };

  beforeAll(async () => {
    handle = await createTestPglite();
    const idOf = async (email: string) =>
      (await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ??
      '';
    buyerId = await idOf(DEMO_EMAILS.buyer);
    secondBuyerId = await idOf(DEMO_EMAILS.secondBuyer);
    const all = await handle.db
      .select({ id: sites.id })
      .from(sites)
      .where(sql`${sites.ahrefsDomainRating} >= 10`)
      .orderBy(sites.id);
    blacklisted = [all[0]?.id ?? '', all[1]?.id ?? ''];
    await handle.db
      .insert(blacklistedSites)
      .values(blacklisted.map((siteId) => ({ userId: buyerId, siteId })));
  });
  afterAll(async () => {
    await handle.close();
  });

  it("shares the buyer-independent count and takes each buyer's blacklist off it", async () => {
    const counter = createSiteCounter();
    const filter = { ahrefs_domain_rating: { min: 10 } };
    const first = await counter.count(handle.db, searchOf(buyerId, filter));
    const second = await counter.count(handle.db, searchOf(secondBuyerId, filter));
    expect(first).toBe(await expected(buyerId, 10));
    expect(second).toBe(await expected(secondBuyerId, 10));
    expect(second - first).toBe(2);
  });

  it('reuses a count while the catalogue version is unchanged', async () => {
    const counter = createSiteCounter();
    const filter = { ahrefs_domain_rating: { min: 10 } };
    const before = await counter.count(handle.db, searchOf(secondBuyerId, filter));
    // A change made without the version triggers (as a bulk load does) is not seen...
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update sites set ahrefs_domain_rating = 0 where id = ${blacklisted[0]}`);
    });
    expect(await counter.count(handle.db, searchOf(secondBuyerId, filter))).toBe(before);
    // ...until the version is raised; an ordinary change raises it itself.
    await handle.db.execute(sql`update catalogue_state set version = version + 1`);
    expect(await counter.count(handle.db, searchOf(secondBuyerId, filter))).toBe(before - 1);
    await handle.db.execute(
      sql`update sites set ahrefs_domain_rating = 50 where id = ${blacklisted[0]}`,
    );
    expect(await counter.count(handle.db, searchOf(secondBuyerId, filter))).toBe(before);
  });

  it('follows a price change made through site_prices', async () => {
    const counter = createSiteCounter();
    const [site] = await queryRows<{ id: string; general_price: string }>(
      handle.db,
      sql`select id, general_price from sites order by general_price desc, id limit 1`,
    );
    const max = Number(site?.general_price);
    const filter = { price: { min: max } };
    expect(await counter.count(handle.db, searchOf(secondBuyerId, filter))).toBeGreaterThan(0);
    await handle.db.execute(
      sql`update site_prices set price = price + 1000
          where site_id = ${site?.id} and niche_id = (select id from niches where slug = 'general')`,
    );
    const raised = await counter.count(
      handle.db,
      searchOf(secondBuyerId, { price: { min: max + 1 } }),
    );
    expect(raised).toBe(1);
    await handle.db.execute(
      sql`update site_prices set price = price - 1000
          where site_id = ${site?.id} and niche_id = (select id from niches where slug = 'general')`,
    );
    expect(
      await counter.count(handle.db, searchOf(secondBuyerId, { price: { min: max + 1 } })),
    ).toBe(0);
  });

  it('counts filters on the buyer’s own marks directly', async () => {
    const counter = createSiteCounter();
    const inBlacklist = await counter.count(
      handle.db,
      searchOf(buyerId, { is_site_in_blacklist: true }),
    );
    expect(inBlacklist).toBe(2);
  });

  it('keys the shared count by the buyer-independent filter only, in a canonical order', () => {
    const a = searchOf(buyerId, {
      sponsor_tag_types: ['no_tag', 'rel_sponsored'],
      ahrefs_domain_rating: { min: 20 },
      is_site_in_blacklist: false,
    });
    const b = searchOf(secondBuyerId, {
      price: { max: 500, min: 10 },
      ahrefs_domain_rating: { min: 20 },
      sponsor_tag_types: ['rel_sponsored', 'no_tag'],
    });
    a.filter.price = { min: 10, max: 500 };
    const c = searchOf(buyerId, {
      ahrefs_domain_rating: { min: 21 },
      sponsor_tag_types: ['rel_sponsored', 'no_tag'],
    });
    expect(globalCountKey(a)).toBe(globalCountKey(b));
    expect(globalCountKey(a)).not.toBe(globalCountKey(c));
  });
});
