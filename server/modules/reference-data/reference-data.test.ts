import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ContentProductPlanListSchema,
  CountryListSchema,
  NicheListSchema,
  ReferenceListSchema,
  SitePlacementPeriodListSchema,
} from '#contract/reference-data.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

describe('GET /api/v1/common reference data', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/common/${path}`, headers });

  it.each([
    ['countries', CountryListSchema],
    ['business-types', ReferenceListSchema],
    ['niches', NicheListSchema],
    ['top-level-domains', ReferenceListSchema],
    ['site-placement-periods', SitePlacementPeriodListSchema],
    ['sites/domain-languages', ReferenceListSchema],
    ['sites/website-topics', ReferenceListSchema],
    ['content-product-plans', ContentProductPlanListSchema],
  ] as const)('answers %s without sign-in, cacheable for an hour', async (path, schema) => {
    const response = await get(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const body = schema.parse(response.json());
    expect(body.data.length).toBeGreaterThan(0);
    expect(new Set(body.data.map((item) => item.id)).size).toBe(body.data.length);
  });

  it('lists niches in their fixed order, General first', async () => {
    const body = NicheListSchema.parse((await get('niches')).json());
    expect(body.data.map((niche) => niche.title)).toEqual([
      'General',
      'Casino',
      'CBD',
      'Crypto',
      'Dating',
      'Forex',
    ]);
  });

  it('lists countries in the order people read them, accented names among the plain ones', async () => {
    const titles = CountryListSchema.parse((await get('countries')).json()).data.map(
      (country) => country.title,
    );
    const before = (a: string, b: string) => {
      expect(titles).toContain(a);
      expect(titles).toContain(b);
      expect(titles.indexOf(a), `${a} before ${b}`).toBeLessThan(titles.indexOf(b));
    };
    before('Afghanistan', 'Åland Islands');
    before('Åland Islands', 'Albania');
    before('Türkiye', 'Tuvalu');
    before('Türkiye', 'Turkmenistan');
    // Every neighbour pair in order for the interface's locale.
    const pairs = titles.slice(1).map((title, index) => [titles[index]!, title] as const);
    expect(pairs.filter(([a, b]) => a.localeCompare(b, 'en-US') > 0)).toEqual([]);
  });

  it('describes content plans with prices as two-decimal strings, provide first at no cost', async () => {
    const body = ContentProductPlanListSchema.parse((await get('content-product-plans')).json());
    expect(body.data[0]).toMatchObject({ slug: 'provide', price: '0.00' });
    expect(body.data.every((plan) => /^\d+\.\d{2}$/.test(plan.price))).toBe(true);
  });

  it('answers 304 without a body when the ETag is still current', async () => {
    const first = await get('countries');
    const tag = String(first.headers.etag);
    const again = await get('countries', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    const listed = await get('countries', { 'if-none-match': `"other", ${tag}` });
    expect(listed.statusCode).toBe(304);
    const stale = await get('countries', { 'if-none-match': '"other"' });
    expect(stale.statusCode).toBe(200);
  });

  it('gives different lists different tags', async () => {
    const countries = await get('countries');
    const niches = await get('niches');
    expect(countries.headers.etag).not.toBe(niches.headers.etag);
  });

  describe('top-level domain lookup', () => {
    const search = async (term: string) =>
      ReferenceListSchema.parse(
        (await get(`top-level-domains?filter[search]=${encodeURIComponent(term)}`)).json(),
      ).data.map((tld) => tld.title);

    it('finds .co.uk for co.uk and every TLD containing the text', async () => {
      expect(await search('co.uk')).toEqual(['.co.uk']);
      expect(await search('UK')).toContain('.co.uk');
      expect(await search('.de')).toEqual(['.de']);
      expect(await search('zz-none')).toEqual([]);
    });

    it('answers every TLD for an empty search and 400 for an unknown filter key', async () => {
      const all = await get('top-level-domains');
      const empty = await get('top-level-domains?filter[search]=');
      expect(empty.json()).toEqual(all.json());
      const unknown = await get('top-level-domains?filter[title]=x');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().violations).toEqual([
        { path: 'filter[title]', message: 'This field was not expected.' },
      ]);
    });
  });
});
