// The catalogue list, written once and run against each database the server supports (PGlite
// in the server project, PostgreSQL in the postgres project). Expected answers are computed from
// the tables with plain array filtering and sorting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  LINK_TYPES,
  RANGE_FILTER_KEYS,
  SITE_SORT_COLUMNS,
  type SiteList,
  SiteListSchema,
  type SiteSortColumn,
  type SortDirection,
  SPONSOR_TAG_TYPES,
} from '#contract/catalogue.ts';
import { NUMBER_TOO_LARGE_MESSAGE } from '#contract/list-query.ts';
import { centsToMoney } from '#contract/money.ts';
import { encodeQuery } from '#contract/query-string.ts';
import { referenceIds } from '#server/db/reference-data.ts';
import {
  blacklistedSites,
  buyerDomains,
  favoriteSites,
  sitePrices,
  sites,
  users,
} from '#server/db/schema/index.ts';
import {
  type CatalogueModel,
  compareValues,
  loadCatalogueModel,
  type ModelSite,
} from '#tests/helpers/catalogue-model.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import {
  bearer,
  createTestContext,
  login,
  signInBuyers,
  type TestContext,
} from '#tests/helpers/test-app.ts';

const GENERAL = referenceIds.niche('general');
const CASINO = referenceIds.niche('casino');
const FOREX = referenceIds.niche('forex');

type Filter = Record<string, unknown>;
interface Query {
  filter?: Filter;
  sorting?: [SiteSortColumn, SortDirection][];
}

/** Sites with ties, missing values and odd hostnames, added to the fixture's generated forty. */
const EDGE_SITES = [
  { hostname: 'tie-alpha.com', dr: 50, tfCf: null, relevanceAt: null, general: 10000 },
  { hostname: 'tie-beta.com', dr: 50, tfCf: '0.5000', relevanceAt: '2025-06-01', general: 10000 },
  { hostname: 'tiegamma.com', dr: 50, tfCf: '0.5000', relevanceAt: null, general: 9999 },
  { hostname: 'Zero-Traffic.net', dr: 0, tfCf: null, relevanceAt: '2024-01-01', general: 2000 },
  { hostname: '100percent_sites.org', dr: 100, tfCf: '1.0000', relevanceAt: null, general: 0 },
  { hostname: 'casino-only.com', dr: 35, tfCf: '0.2500', relevanceAt: '2025-12-31', general: 5000 },
  // münchen.de, stored as the URL parser writes it.
  { hostname: 'xn--mnchen-3ya.de', dr: 42, tfCf: '0.4000', relevanceAt: null, general: 3000 },
];

function priceInCents(site: ModelSite, niches: readonly string[] | undefined): number | null {
  if (!niches) return site.prices.get(GENERAL) ?? null;
  const matching = niches.flatMap((id) => {
    const price = site.prices.get(id);
    return price === undefined ? [] : [price];
  });
  return matching.length > 0 ? Math.min(...matching) : null;
}

interface Viewer {
  userId: string;
  buyerDomainId?: string;
}

/** The expected page, computed with array operations over the model. */
function expectedSites(model: CatalogueModel, viewer: Viewer, query: Query): ModelSite[] {
  const filter = query.filter ?? {};
  const favorites = model.favoritesOf(viewer.userId);
  const blacklist = model.blacklistOf(viewer.userId);
  const referents = viewer.buyerDomainId ? model.referentsOf(viewer.buyerDomainId) : new Set();
  const competitorMap = viewer.buyerDomainId
    ? model.competitorsOf(viewer.buyerDomainId)
    : new Map<string, Set<string>>();
  const niches = filter.niche as string[] | undefined;
  const competitorCount = (site: ModelSite) => competitorMap.get(site.hostname)?.size ?? 0;
  const inRange = (value: number | string | null, bounds: unknown) => {
    if (bounds === undefined) return true;
    const { min, max } = bounds as { min?: string; max?: string };
    if (value === null) return false;
    const asValue = (bound: string) => (typeof value === 'number' ? Number(bound) : bound);
    return (
      (min === undefined || value >= asValue(min)) && (max === undefined || value <= asValue(max))
    );
  };
  const list = (key: string) => filter[key] as string[] | undefined;
  const matchesList = (key: string, value: string | null) =>
    list(key) === undefined || (value !== null && (list(key) ?? []).includes(value));

  const matching = model.sites.filter((site) => {
    for (const key of RANGE_FILTER_KEYS) {
      if (key === 'price') {
        const cents = priceInCents(site, niches);
        if (!inRange(cents === null ? null : cents / 100, filter.price)) return false;
      } else if (!inRange(site.numbers[key] ?? null, filter[key])) {
        return false;
      }
    }
    if (!inRange(site.updatedAt, filter.last_updated_or)) return false;
    if (!inRange(site.relevanceAt, filter.relevance_at_or)) return false;
    if (!matchesList('main_countries', site.mainCountryId)) return false;
    if (niches && !niches.some((id) => site.prices.has(id))) return false;
    const tlds = list('tlds');
    if (
      tlds &&
      !tlds.some((t) => t === site.tldId || (t.startsWith('.') ? t : `.${t}`) === site.tld)
    ) {
      return false;
    }
    if (!matchesList('placements', site.placementPeriodId)) return false;
    if (!matchesList('website_topics', site.websiteTopic)) return false;
    if (!matchesList('domain_languages', site.domainLanguage)) return false;
    if (!matchesList('sponsor_tag_types', site.sponsorTagType)) return false;
    if (!matchesList('link_types', site.linkType)) return false;
    if (typeof filter.search === 'string') {
      const term = filter.search.trim().toLowerCase();
      const inHostname = site.hostname.toLowerCase().includes(term);
      const inTopic = (site.websiteTopic ?? '').toLowerCase().includes(term);
      if (!inHostname && !inTopic) return false;
    }
    if (filter.is_favorite_site !== undefined) {
      if (favorites.has(site.id) !== (filter.is_favorite_site === 'true')) return false;
    }
    if (blacklist.has(site.id) !== (filter.is_site_in_blacklist === 'true')) return false;
    if (filter.is_back_linked !== undefined) {
      if (referents.has(site.hostname) !== (filter.is_back_linked === 'true')) return false;
    }
    if (filter.competitors !== undefined) {
      if (competitorCount(site) > 0 !== (filter.competitors === 'true')) return false;
    }
    return true;
  });

  const sortValue = (site: ModelSite, column: SiteSortColumn) => {
    switch (column) {
      case 'hostname':
        return site.hostname;
      case 'price':
        return priceInCents(site, niches);
      case 'relevance_at':
        return site.relevanceAt;
      case 'updated_at':
        return site.updatedAt;
      case 'is_back_linked':
        return referents.has(site.hostname);
      case 'competitors':
        return competitorCount(site);
      default:
        return site.numbers[column] ?? null;
    }
  };
  return matching.sort((a, b) => {
    for (const [column, direction] of query.sorting ?? []) {
      const order = compareValues(sortValue(a, column), sortValue(b, column), direction);
      if (order !== 0) return order;
    }
    return compareValues(a.id, b.id, 'ASC');
  });
}

function toQueryString(query: Query, extra: Record<string, unknown> = {}): string {
  return encodeQuery({
    filter: query.filter,
    sorting: query.sorting ? Object.fromEntries(query.sorting) : undefined,
    limit: 100,
    ...extra,
  });
}

/** Distinct present values, ascending. */
function valuesOf<T extends number | string>(items: (T | null)[]): T[] {
  return [...new Set(items.filter((item): item is T => item !== null))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
}

describe('GET /api/v1/buyer/sites', () => {
  let ctx: TestContext;
  let model: CatalogueModel;
  const tokens: Record<string, string> = {};
  let buyerId = '';
  let secondBuyerId = '';
  let buyerDomainId = '';
  let secondBuyerDomainId = '';

  beforeAll(async () => {
    ctx = await createTestContext();
    const { db } = ctx.handle;
    const people = await db.select({ id: users.id, email: users.email }).from(users);
    buyerId = people.find((user) => user.email === FIXTURE.buyer)?.id ?? '';
    secondBuyerId = people.find((user) => user.email === FIXTURE.secondBuyer)?.id ?? '';
    const domains = await db.select().from(buyerDomains);
    buyerDomainId = domains.find((d) => d.hostname === 'northwind-outdoor.com')?.id ?? '';
    secondBuyerDomainId = domains.find((d) => d.hostname === 'bergmann-moebel.de')?.id ?? '';

    const [template] = await db.select().from(sites).limit(1);
    if (!template) throw new Error('The fixture has no sites');
    for (const edge of EDGE_SITES) {
      const [inserted] = await db
        .insert(sites)
        .values({
          ...template,
          id: undefined,
          createdAt: undefined,
          hostname: edge.hostname.toLowerCase(),
          ahrefsDomainRating: edge.dr,
          tfCf: edge.tfCf,
          rdOt: edge.tfCf,
          relevanceAt: edge.relevanceAt,
          mainCountryTraffic: edge.dr * 100,
        })
        .returning({ id: sites.id });
      const siteId = inserted?.id ?? '';
      await db.insert(sitePrices).values([
        { siteId, nicheId: GENERAL, price: centsToMoney(edge.general) },
        { siteId, nicheId: CASINO, price: centsToMoney(edge.general * 2 + 1) },
      ]);
    }
    const all = await db.select({ id: sites.id }).from(sites).orderBy(sites.hostname);
    const ids = all.map((site) => site.id);
    await db.insert(favoriteSites).values(
      [ids[0], ids[3], ids[7], ids[11]].map((siteId) => ({
        userId: buyerId,
        siteId: siteId ?? '',
      })),
    );
    await db
      .insert(blacklistedSites)
      .values(
        [ids[3], ids[5], ids[9]].map((siteId) => ({ userId: buyerId, siteId: siteId ?? '' })),
      );
    await db.insert(favoriteSites).values({ userId: secondBuyerId, siteId: ids[20] ?? '' });

    model = await loadCatalogueModel(db);
    Object.assign(tokens, await signInBuyers(ctx.app));
    tokens.manager = (await login(ctx.app, FIXTURE.manager, FIXTURE.password)).token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (search: string, who = 'buyer') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/buyer/sites${search ? `?${search}` : ''}`,
      headers: bearer(tokens[who] ?? ''),
    });

  async function list(query: Query, who: 'buyer' | 'secondBuyer' = 'buyer'): Promise<SiteList> {
    const response = await get(toQueryString(query), who);
    expect(response.statusCode, response.body).toBe(200);
    return SiteListSchema.parse(response.json());
  }

  async function expectMatches(query: Query, who: 'buyer' | 'secondBuyer' = 'buyer') {
    const body = await list(query, who);
    const viewer: Viewer = {
      userId: who === 'buyer' ? buyerId : secondBuyerId,
      buyerDomainId: query.filter?.buyer_domain as string | undefined,
    };
    const expected = expectedSites(model, viewer, query);
    expect(body.data.map((site) => site.hostname)).toEqual(expected.map((site) => site.hostname));
    expect(body.pagination.total).toBe(expected.length);
    return { body, expected };
  }

  describe('filters every key as the plain computation does', () => {
    const numericKeys = RANGE_FILTER_KEYS.filter((key) => key !== 'price');

    it.each(numericKeys)('ranges on %s by min, max and both', async (key) => {
      const values = valuesOf(model.sites.map((site) => site.numbers[key] ?? null));
      const low = String(values[Math.floor(values.length / 4)]);
      const high = String(values[Math.floor((values.length * 3) / 4)]);
      for (const bounds of [{ min: low }, { max: high }, { min: low, max: high }]) {
        const { expected } = await expectMatches({ filter: { [key]: bounds } });
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(model.sites.length);
      }
    });

    it.each(numericKeys)(
      'ranges on %s with fractions and bounds beyond what its column holds',
      async (key) => {
        for (const bounds of [
          { min: '12.5' },
          { max: '40.5' },
          { min: '99999999999' },
          { max: '-99999999999' },
          { min: '-99999999999', max: '99999999999' },
        ]) {
          await expectMatches({ filter: { [key]: bounds } });
        }
      },
    );

    it('ranges on the General price, in euros', async () => {
      const { expected } = await expectMatches({
        filter: { price: { min: '100', max: '800.5' } },
      });
      expect(expected.length).toBeGreaterThan(0);
      await expectMatches({ filter: { price: { max: '0' } } });
    });

    it('prices a site by its lowest price in the chosen niches and keeps only sites accepting one', async () => {
      const { body, expected } = await expectMatches({
        filter: { niche: [CASINO, FOREX] },
        sorting: [['price', 'ASC']],
      });
      expect(expected.length).toBeGreaterThan(EDGE_SITES.length - 1);
      const first = expected[0];
      expect(body.data[0]?.price).toBe(
        centsToMoney(priceInCents(first as ModelSite, [CASINO, FOREX]) ?? -1),
      );
      await expectMatches({ filter: { niche: [CASINO], price: { min: '150' } } });
    });

    it('filters main countries, placements, topics, languages, tag and link types by any match', async () => {
      const pick = (values: (string | null)[]) => valuesOf(values).slice(0, 2);
      const cases: Filter[] = [
        { main_countries: pick(model.sites.map((site) => site.mainCountryId)) },
        { placements: pick(model.sites.map((site) => site.placementPeriodId)) },
        { website_topics: pick(model.sites.map((site) => site.websiteTopic)) },
        { domain_languages: pick(model.sites.map((site) => site.domainLanguage)) },
        { sponsor_tag_types: ['no_tag', 'image_tag'] },
        { link_types: ['no_follow'] },
        { sponsor_tag_types: [...SPONSOR_TAG_TYPES], link_types: [...LINK_TYPES] },
      ];
      for (const filter of cases) {
        const { expected } = await expectMatches({ filter });
        expect(expected.length).toBeGreaterThan(0);
      }
    });

    it('filters top-level domains by reference id or by title, with or without the dot', async () => {
      const dotCom = model.sites.find((site) => site.tld === '.com');
      for (const tlds of [[dotCom?.tldId ?? ''], ['.com'], ['com', '.co.uk'], ['nope']]) {
        await expectMatches({ filter: { tlds } });
      }
    });

    it('filters the update and relevance dates as inclusive ranges', async () => {
      const updated = valuesOf(model.sites.map((site) => site.updatedAt));
      const relevance = valuesOf(model.sites.map((site) => site.relevanceAt));
      const middle = (values: string[]) => values[Math.floor(values.length / 2)] ?? '';
      await expectMatches({ filter: { last_updated_or: { min: middle(updated) } } });
      await expectMatches({ filter: { last_updated_or: { max: middle(updated) } } });
      await expectMatches({
        filter: { relevance_at_or: { min: relevance[1] ?? '', max: middle(relevance) } },
      });
    });

    it('searches hostnames and topics case-insensitively, taking % and _ literally', async () => {
      for (const search of ['TIE', 'garden', '.net', 'travel', '%', '_sites', 'no-such-site']) {
        await expectMatches({ filter: { search } });
      }
      const { expected } = await expectMatches({ filter: { search: '%' } });
      expect(expected).toEqual([]);
    });

    it('finds a name stored as Punycode by the Unicode a buyer types', async () => {
      for (const search of ['münchen', 'MÜNCHEN.DE', 'xn--mnchen']) {
        const body = await list({ filter: { search } });
        expect(body.data.map((site) => site.hostname)).toEqual(['xn--mnchen-3ya.de']);
      }
      const body = await list({ filter: { search: 'münchen.com' } });
      expect(body.data).toEqual([]);
    });

    it("filters the caller's favourites in and out", async () => {
      const { expected } = await expectMatches({ filter: { is_favorite_site: 'true' } });
      expect(expected.length).toBe(3);
      await expectMatches({ filter: { is_favorite_site: 'false' } });
    });

    it('hides blacklisted sites unless only blacklisted sites are asked for', async () => {
      const hidden = await expectMatches({});
      expect(hidden.expected.length).toBe(model.sites.length - 3);
      const only = await expectMatches({ filter: { is_site_in_blacklist: 'true' } });
      expect(only.body.data.every((site) => site.is_in_blacklist)).toBe(true);
      expect(only.expected.length).toBe(3);
      await expectMatches({ filter: { is_site_in_blacklist: 'false' } });
    });

    it('filters back-links and competitors of the chosen buyer domain', async () => {
      for (const value of ['true', 'false']) {
        const linked = await expectMatches({
          filter: { buyer_domain: buyerDomainId, is_back_linked: value },
        });
        expect(linked.expected.length).toBeGreaterThan(0);
        const competing = await expectMatches({
          filter: { buyer_domain: buyerDomainId, competitors: value },
        });
        expect(competing.expected.length).toBeGreaterThan(0);
      }
    });

    it('combines filters with AND', async () => {
      await expectMatches({
        filter: {
          ahrefs_domain_rating: { min: '10' },
          main_country_traffic: { min: '100' },
          link_types: ['do_follow'],
          price: { max: '900' },
          search: 'e',
        },
        sorting: [['price', 'DESC']],
      });
    });
  });

  describe('sorting', () => {
    const cases = SITE_SORT_COLUMNS.flatMap((column) =>
      (['ASC', 'DESC'] as const).map((direction) => [column, direction] as const),
    );

    it.each(cases)(
      'orders by %s %s, missing values last, ties by id',
      async (column, direction) => {
        await expectMatches({
          filter: { buyer_domain: buyerDomainId },
          sorting: [[column, direction]],
        });
      },
    );

    it('applies several columns in the order given', async () => {
      await expectMatches({
        sorting: [
          ['moz_spam_score', 'ASC'],
          ['ahrefs_domain_rating', 'DESC'],
        ],
      });
      await expectMatches({
        sorting: [
          ['ahrefs_domain_rating', 'DESC'],
          ['hostname', 'DESC'],
        ],
      });
    });

    it('answers the default preset: DR at least 20, traffic at least 1000, DR descending, 25 rows', async () => {
      const response = await get(
        'filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&sorting[ahrefs_domain_rating]=DESC',
      );
      const body = SiteListSchema.parse(response.json());
      const expected = expectedSites(
        model,
        { userId: buyerId },
        {
          filter: { ahrefs_domain_rating: { min: '20' }, main_country_traffic: { min: '1000' } },
          sorting: [['ahrefs_domain_rating', 'DESC']],
        },
      );
      expect(body.data.map((site) => site.id)).toEqual(expected.slice(0, 25).map((s) => s.id));
      expect(body.pagination).toEqual({ page: 1, limit: 25, total: expected.length });
    });
  });

  describe('rows and pages', () => {
    it('answers 25 rows by default and pages on with page and limit', async () => {
      const all = expectedSites(model, { userId: buyerId }, { sorting: [['hostname', 'ASC']] });
      const first = SiteListSchema.parse((await get('sorting[hostname]=ASC')).json());
      expect(first.pagination).toEqual({ page: 1, limit: 25, total: all.length });
      expect(first.data.map((site) => site.id)).toEqual(all.slice(0, 25).map((site) => site.id));
      const second = SiteListSchema.parse(
        (await get('sorting[hostname]=ASC&limit=10&page=2')).json(),
      );
      expect(second.pagination).toEqual({ page: 2, limit: 10, total: all.length });
      expect(second.data.map((site) => site.id)).toEqual(all.slice(10, 20).map((site) => site.id));
      const beyond = SiteListSchema.parse((await get('limit=100&page=5')).json());
      expect(beyond.data).toEqual([]);
      expect(beyond.pagination.total).toBe(all.length);
    });

    it('describes each row with its metrics, country, General price and marks', async () => {
      const body = await list({
        filter: { is_favorite_site: 'true' },
        sorting: [['hostname', 'ASC']],
      });
      const row = body.data[0];
      const site = model.sites.find((candidate) => candidate.id === row?.id);
      expect(site).toBeDefined();
      expect(row).toMatchObject({
        hostname: site?.hostname,
        is_marked_as_favorite: true,
        is_in_blacklist: false,
        is_back_linked: false,
        competitors: [],
        updated_at: site?.updatedAt,
        relevance_at: site?.relevanceAt,
        price: centsToMoney(site?.prices.get(GENERAL) ?? -1),
        ahrefs_domain_rating: site?.numbers.ahrefs_domain_rating,
        tf_cf: site?.numbers.tf_cf,
        rd_ot: site?.numbers.rd_ot,
        tld: site?.tld,
        main_country: { id: site?.mainCountryId },
      });
    });

    it('marks back-links and lists competitors only for a chosen buyer domain', async () => {
      const referents = model.referentsOf(buyerDomainId);
      const competitorMap = model.competitorsOf(buyerDomainId);
      const withDomain = await list({ filter: { buyer_domain: buyerDomainId } });
      for (const row of withDomain.data) {
        expect(row.is_back_linked).toBe(referents.has(row.hostname));
        expect(row.competitors.map((c) => c.hostname)).toEqual(
          [...(competitorMap.get(row.hostname) ?? [])].sort(),
        );
      }
      expect(withDomain.data.some((row) => row.is_back_linked)).toBe(true);
      expect(withDomain.data.some((row) => row.competitors.length > 0)).toBe(true);
      const without = await list({});
      expect(without.data.every((row) => !row.is_back_linked && row.competitors.length === 0)).toBe(
        true,
      );
    });
  });

  describe('isolation', () => {
    it("never shows one buyer another buyer's favourites or blacklist", async () => {
      const second = await list({}, 'secondBuyer');
      expect(second.pagination.total).toBe(model.sites.length);
      expect(second.data.filter((row) => row.is_marked_as_favorite)).toHaveLength(1);
      expect(second.data.some((row) => row.is_in_blacklist)).toBe(false);
      await expectMatches({ filter: { is_favorite_site: 'true' } }, 'secondBuyer');
      const blacklisted = await list({ filter: { is_site_in_blacklist: 'true' } }, 'secondBuyer');
      expect(blacklisted.data).toEqual([]);
    });

    it("refuses another buyer's domain as the buyer domain", async () => {
      const response = await get(`filter[buyer_domain]=${secondBuyerDomainId}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([
        { path: 'filter[buyer_domain]', message: 'This domain is not one of your domains.' },
      ]);
    });
  });

  describe('invalid queries', () => {
    it.each([
      ['filter[price][min]=cheap', 'filter[price][min]', 'Expected number, received string'],
      [
        'filter[price][min]=5&filter[price][max]=1',
        'filter[price][min]',
        'min must be less than or equal to max',
      ],
      ['filter[nope]=1', 'filter[nope]', 'This field was not expected.'],
      [
        `filter[ahrefs_organic_traffic][min]=1${'0'.repeat(24)}`,
        'filter[ahrefs_organic_traffic][min]',
        NUMBER_TOO_LARGE_MESSAGE,
      ],
      ['filter[price][avg]=1', 'filter[price][avg]', 'This field was not expected.'],
      ['sorting[zzz]=ASC', 'sorting[zzz]', 'This field was not expected.'],
      ['sorting[price]=UP', 'sorting[price]', 'Invalid option: expected one of "ASC"|"DESC"'],
      ['limit=101', 'limit', 'Too big: expected number to be <=100'],
      ['limit=0', 'limit', 'Too small: expected number to be >=1'],
      ['page=0', 'page', 'Too small: expected number to be >=1'],
      ['limit=ten', 'limit', 'Expected number, received string'],
      [
        'filter[niche][]=a&filter[niche][]=a',
        'filter[niche]',
        'Items array must contain unique values',
      ],
      [
        'filter[main_countries][]=france',
        'filter[main_countries][0]',
        'This value is not a valid UUID.',
      ],
      [
        'filter[link_types][]=sideways',
        'filter[link_types][0]',
        'The value you selected is not a valid choice.',
      ],
      [
        'filter[last_updated_or][min]=15.01.2026',
        'filter[last_updated_or][min]',
        'Expected date in YYYY-MM-DD format',
      ],
      [
        'filter[is_favorite_site]=maybe',
        'filter[is_favorite_site]',
        'Invalid option: expected one of "true"|"false"',
      ],
      [
        'filter[is_back_linked]=true',
        'filter[is_back_linked]',
        'Choose one of your domains to use this filter.',
      ],
      [
        'filter[competitors]=false',
        'filter[competitors]',
        'Choose one of your domains to use this filter.',
      ],
      ['unknown=1', 'unknown', 'This field was not expected.'],
    ])('answers 400 for %s naming %s', async (search, path, message) => {
      const response = await get(search);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        message: 'Validation failed.',
        violations: [{ path, message }],
      });
    });

    it('names every unknown filter key on its own', async () => {
      const response = await get('filter[nope]=1&filter[other][min]=2');
      expect(response.json().violations.map((v: { path: string }) => v.path)).toEqual([
        'filter[nope]',
        'filter[other]',
      ]);
    });

    it('answers 401 without a token and 403 to a user who is not a buyer', async () => {
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/buyer/sites' });
      expect(anonymous.statusCode).toBe(401);
      expect((await get('', 'manager')).statusCode).toBe(403);
    });
  });
});
