import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEmptyPglite } from '#tests/helpers/test-databases.ts';

import { type DatabaseHandle, queryRows } from '../database.ts';
import { prepareDatabase } from '../prepare.ts';
import { seedReferenceData } from '../reference-data.ts';
import { isDemoSeedNeeded, seedDemoData } from './demo-data.ts';
import { createRandom } from './random.ts';
import { createSiteGenerator } from './site-generator.ts';

const TODAY = new Date('2026-01-15T00:00:00Z');

function firstSites(seed: number, count: number) {
  const next = createSiteGenerator({ random: createRandom(seed), today: TODAY });
  return Array.from({ length: count }, next);
}

describe('the demo site generator', () => {
  it('produces the same sites for the same seed and other sites for another seed', () => {
    expect(firstSites(7, 200)).toEqual(firstSites(7, 200));
    expect(firstSites(8, 5).map((site) => site.hostname)).not.toEqual(
      firstSites(7, 5).map((site) => site.hostname),
    );
  });

  it('gives mostly low domain ratings, a General price to every site and higher special-niche prices', () => {
    const sites = firstSites(1, 5_000);
    const ratings = sites.map((site) => site.ahrefsDomainRating).sort((a, b) => a - b);
    const median = ratings[Math.floor(ratings.length / 2)] ?? 0;
    expect(median).toBeGreaterThan(10);
    expect(median).toBeLessThan(35);
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...ratings)).toBeLessThanOrEqual(95);
    expect(new Set(sites.map((site) => site.hostname)).size).toBe(sites.length);
    for (const site of sites) {
      const general = site.pricesInCents.general ?? 0;
      expect(general).toBeGreaterThan(0);
      for (const price of Object.values(site.pricesInCents))
        expect(price).toBeGreaterThanOrEqual(general);
    }
    const withCasino = sites.filter((site) => site.pricesInCents.casino !== undefined).length;
    expect(withCasino / sites.length).toBeGreaterThan(0.1);
    expect(withCasino / sites.length).toBeLessThan(0.2);
    expect(new Set(sites.map((site) => site.sponsorTagType))).toEqual(
      new Set(['rel_sponsored', 'image_tag', 'no_tag', 'marked_by_wm']),
    );
  });
});

describe('seeding demo data', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createEmptyPglite();
    await seedReferenceData(handle.db);
    await seedDemoData(handle.db, { siteCount: 120, today: TODAY });
  });
  afterAll(async () => {
    await handle.close();
  });

  const count = async (table: string) =>
    (
      await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )
    )[0]?.n;

  it('creates the requested number of sites, each with a General price', async () => {
    expect(await count('sites')).toBe(120);
    const [row] = await queryRows<{ without_general: number }>(
      handle.db,
      sql`select count(*)::int as without_general from sites s
          where not exists (select 1 from site_prices p join niches n on n.id = p.niche_id
                            where p.site_id = s.id and n.slug = 'general')`,
    );
    expect(row?.without_general).toBe(0);
  });

  it("stores each site's General price on the site row as well", async () => {
    const [row] = await queryRows<{ mismatched: number; priced: number }>(
      handle.db,
      sql`select count(*) filter (where s.general_price is distinct from p.price)::int as mismatched,
                 count(s.general_price)::int as priced
          from sites s
          left join (site_prices p join niches n on n.id = p.niche_id and n.slug = 'general')
            on p.site_id = s.id`,
    );
    expect(row).toEqual({ mismatched: 0, priced: 120 });
  });

  it('stores the same first rows when seeded again with the same seed', async () => {
    const firstRows = (db: DatabaseHandle['db']) =>
      queryRows(
        db,
        sql`select s.id, s.hostname, s.ahrefs_domain_rating, s.ahrefs_organic_traffic, s.tf_cf, s.ip_address,
                   s.relevance_at, p.price as general_price
            from sites s join site_prices p on p.site_id = s.id
            join niches n on n.id = p.niche_id and n.slug = 'general'
            order by s.hostname limit 20`,
      );
    const again = await createEmptyPglite();
    try {
      await seedReferenceData(again.db);
      await seedDemoData(again.db, { siteCount: 120, today: TODAY });
      const rows = await firstRows(handle.db);
      expect(rows).toHaveLength(20);
      expect(await firstRows(again.db)).toEqual(rows);
    } finally {
      await again.close();
    }
  });

  it('creates the demo people, companies and domains', async () => {
    const people = await queryRows<{
      email: string;
      roles: string[];
      is_allowed_to_export_sites: boolean;
    }>(handle.db, sql`select email, roles, is_allowed_to_export_sites from users order by email`);
    expect(people).toEqual([
      {
        email: 'account.manager@example.com',
        roles: ['ROLE_ACCOUNT_MANAGER'],
        is_allowed_to_export_sites: false,
      },
      {
        email: 'admin.member@example.com',
        roles: ['ROLE_BUYER'],
        is_allowed_to_export_sites: false,
      },
      {
        email: 'buyer.member@example.com',
        roles: ['ROLE_BUYER'],
        is_allowed_to_export_sites: false,
      },
      { email: 'buyer@example.com', roles: ['ROLE_BUYER'], is_allowed_to_export_sites: true },
      {
        email: 'finance.member@example.com',
        roles: ['ROLE_BUYER'],
        is_allowed_to_export_sites: false,
      },
      {
        email: 'manager@example.com',
        roles: ['ROLE_ACCOUNT_MANAGER'],
        is_allowed_to_export_sites: false,
      },
      {
        email: 'sales.manager@example.com',
        roles: ['ROLE_SALES'],
        is_allowed_to_export_sites: false,
      },
      {
        email: 'second.buyer@example.com',
        roles: ['ROLE_BUYER'],
        is_allowed_to_export_sites: false,
      },
      {
        email: 'viewer.member@example.com',
        roles: ['ROLE_BUYER'],
        is_allowed_to_export_sites: false,
      },
    ]);
    const balances = await queryRows<{ email: string; credits_balance: string; role: string }>(
      handle.db,
      sql`select u.email, c.credits_balance, a.role from accounts a join users u on u.id = a.user_id
          join companies c on c.id = a.company_id order by u.email`,
    );
    // Northwind Outdoor's team: one member of each role, sharing the Owner's company.
    expect(balances).toEqual([
      { email: 'admin.member@example.com', credits_balance: '2000.00', role: 'admin' },
      { email: 'buyer.member@example.com', credits_balance: '2000.00', role: 'buyer' },
      { email: 'buyer@example.com', credits_balance: '2000.00', role: 'owner' },
      { email: 'finance.member@example.com', credits_balance: '2000.00', role: 'finance' },
      { email: 'second.buyer@example.com', credits_balance: '50.00', role: 'owner' },
      { email: 'viewer.member@example.com', credits_balance: '2000.00', role: 'viewer' },
    ]);
    expect(await count('buyer_domains')).toBe(4);
    expect(await count('competitors')).toBe(3);
  });

  it("links the first buyer's domain and its competitors from catalogue sites", async () => {
    const [linked] = await queryRows<{ referents: number; competitor_referents: number }>(
      handle.db,
      sql`select
            (select count(*)::int from buyer_domain_referents r join sites s on s.hostname = r.hostname) as referents,
            (select count(*)::int from competitor_referents r join sites s on s.hostname = r.hostname) as competitor_referents`,
    );
    // A third of the sites (the cap of 300 applies with 100k sites), a quarter per competitor.
    expect(linked).toEqual({ referents: 40, competitor_referents: 90 });
  });

  it('keeps every reference valid although foreign-key checks are skipped while loading', async () => {
    const [broken] = await queryRows<Record<string, number>>(
      handle.db,
      sql`select
            (select count(*)::int from sites s left join countries c on c.id = s.main_country_id
              where s.main_country_id is not null and c.id is null) as countries,
            (select count(*)::int from sites s left join top_level_domains t on t.title = s.tld where t.id is null) as tlds,
            (select count(*)::int from sites s left join domain_languages l on l.title = s.domain_language
              where s.domain_language is not null and l.id is null) as languages,
            (select count(*)::int from sites s left join website_topics w on w.title = s.website_topic
              where s.website_topic is not null and w.id is null) as topics,
            (select count(*)::int from sites s left join site_placement_periods p on p.id = s.placement_period_id
              where s.placement_period_id is not null and p.id is null) as placements,
            (select count(*)::int from site_prices p left join niches n on n.id = p.niche_id where n.id is null) as niches`,
    );
    expect(broken).toEqual({
      countries: 0,
      tlds: 0,
      languages: 0,
      topics: 0,
      placements: 0,
      niches: 0,
    });
  });

  it('is created only once: a later start finds the data and adds nothing', async () => {
    expect(await isDemoSeedNeeded(handle.db)).toBe(false);
    await prepareDatabase(handle, { demoData: true, seedSites: 50, log: () => {} });
    expect(await count('sites')).toBe(120);
    expect(await count('users')).toBe(9);
  });
});

describe('preparing an empty database', () => {
  it('adds reference data but no demo data when demo data is off', async () => {
    const handle = await createEmptyPglite();
    try {
      const messages: string[] = [];
      await prepareDatabase(handle, {
        demoData: false,
        seedSites: 10,
        log: (message) => messages.push(message),
      });
      const [row] = await queryRows<{ niches: number; plans: string[]; users: number }>(
        handle.db,
        sql`select (select count(*)::int from niches) as niches,
                   (select array_agg(slug order by position) from content_product_plans) as plans,
                   (select count(*)::int from users) as users`,
      );
      expect(row).toEqual({ niches: 6, plans: ['provide', 'standard', 'premium'], users: 0 });
      expect(messages).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('prints progress while seeding sites and orders', async () => {
    const handle = await createEmptyPglite();
    try {
      const messages: string[] = [];
      await prepareDatabase(handle, {
        demoData: true,
        seedSites: 7_000,
        log: (message) => messages.push(message),
      });
      expect(messages).toEqual(
        expect.arrayContaining([
          'Creating demo data with 7000 sites',
          'Seeding sites 5000/7000',
          'Seeding sites 7000/7000',
          // A demo start also places the demo buyers' orders (demo-orders.test.ts).
          'Seeded 7 demo orders',
        ]),
      );
    } finally {
      await handle.close();
    }
  });
});
