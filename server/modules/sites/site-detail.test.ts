import { beforeAll, describe, expect, it } from 'vitest';

import { centsToMoney } from '#contract/money.ts';
import { SimilarSitesSchema, SiteDetailSchema } from '#contract/site-detail.ts';
import { NICHES } from '#server/db/reference-data.ts';
import { buyerDomains, users } from '#server/db/schema/index.ts';
import {
  type CatalogueModel,
  compareValues,
  loadCatalogueModel,
  type ModelSite,
} from '#tests/helpers/catalogue-model.ts';
import { FIXTURE, UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { bearer, type TestContext, useSignedInApp } from '#tests/helpers/test-app.ts';

import { GENERAL_NICHE_ID } from './site-query.ts';

describe('GET /api/v1/buyer/sites/{id} and /sites/similar', () => {
  const app = useSignedInApp();
  let ctx: TestContext;
  let model: CatalogueModel;
  let tokens: Record<string, string>;
  let buyerDomainId = '';
  let secondBuyerDomainId = '';
  let subject: ModelSite;

  beforeAll(async () => {
    ({ ctx, tokens } = app);
    model = await loadCatalogueModel(ctx.handle.db);
    const domains = await ctx.handle.db.select().from(buyerDomains);
    const people = await ctx.handle.db.select().from(users);
    const buyerId = people.find((u) => u.email === FIXTURE.buyer)?.id;
    buyerDomainId = domains.find((d) => d.hostname === 'northwind-outdoor.com')?.id ?? '';
    secondBuyerDomainId = domains.find((d) => d.userId !== buyerId)?.id ?? '';
    // A site that accepts a special niche, is linked from the buyer domain and has competitors.
    const referents = model.referentsOf(buyerDomainId);
    const competitors = model.competitorsOf(buyerDomainId);
    subject =
      model.sites.find(
        (site) =>
          site.prices.size > 1 && referents.has(site.hostname) && competitors.has(site.hostname),
      ) ??
      model.sites.find((site) => site.prices.size > 1) ??
      (model.sites[0] as ModelSite);
  });

  const get = (url: string, who = 'buyer') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/buyer${url}`,
      headers: bearer(tokens[who] ?? ''),
    });

  /** The `limit` nearest other sites by a metric, computed over the model. */
  const nearestIds = (metric: (site: ModelSite) => number, limit = 5) => {
    const target = metric(subject);
    return model.sites
      .filter((site) => site.id !== subject.id)
      .sort(
        (a, b) =>
          Math.abs(metric(a) - target) - Math.abs(metric(b) - target) ||
          compareValues(a.id, b.id, 'ASC'),
      )
      .slice(0, limit)
      .map((site) => site.id);
  };
  const dr = (site: ModelSite) => site.numbers.ahrefs_domain_rating ?? 0;
  const price = (site: ModelSite) => site.prices.get(GENERAL_NICHE_ID) ?? 0;
  const traffic = (site: ModelSite) => site.numbers.ahrefs_organic_traffic ?? 0;

  it('answers the row with every accepted niche and its price, General first', async () => {
    const response = await get(`/sites/${subject.id}`);
    expect(response.statusCode).toBe(200);
    const detail = SiteDetailSchema.parse(response.json());
    expect(detail.id).toBe(subject.id);
    expect(detail.hostname).toBe(subject.hostname);
    expect(detail.price).toBe(centsToMoney(price(subject)));
    const nicheOrder = NICHES.map((niche) => niche.title);
    expect(detail.prices.map((p) => p.niche.title)).toEqual(
      nicheOrder.filter((title) => detail.prices.some((p) => p.niche.title === title)),
    );
    expect(detail.prices.map((p) => p.niche.id).sort()).toEqual([...subject.prices.keys()].sort());
    expect(detail.prices[0]?.niche).toEqual({ id: GENERAL_NICHE_ID, title: 'General' });
    for (const p of detail.prices) {
      expect(p.price).toBe(centsToMoney(subject.prices.get(p.niche.id) ?? -1));
    }
    expect(detail.accepted_niches).toEqual(detail.prices.map((p) => p.niche));
    expect(detail.description).toEqual(expect.any(String));
  });

  it('lists the five nearest other sites by DR, General price and organic traffic', async () => {
    const detail = SiteDetailSchema.parse((await get(`/sites/${subject.id}`)).json());
    expect(detail.similar.by_domain_rating.map((s) => s.id)).toEqual(nearestIds(dr));
    expect(detail.similar.by_price.map((s) => s.id)).toEqual(nearestIds(price));
    expect(detail.similar.by_traffic.map((s) => s.id)).toEqual(nearestIds(traffic));
    const all = Object.values(detail.similar).flat();
    expect(all.some((s) => s.id === subject.id)).toBe(false);
  });

  it('shows the same sample of referring hostnames every time, never the site itself', async () => {
    const first = SiteDetailSchema.parse((await get(`/sites/${subject.id}`)).json());
    const second = SiteDetailSchema.parse((await get(`/sites/${subject.id}`)).json());
    expect(first.referring_domains).toEqual(second.referring_domains);
    expect(first.referring_domains.length).toBe(
      Math.min(10, subject.numbers.ahrefs_referring_domains ?? 0),
    );
    expect(first.referring_domains).not.toContain(subject.hostname);
    const hostnames = new Set(model.sites.map((s) => s.hostname));
    expect(first.referring_domains.every((h) => hostnames.has(h))).toBe(true);
  });

  it('fills back-link and competitors for one of the caller’s domains', async () => {
    const detail = SiteDetailSchema.parse(
      (await get(`/sites/${subject.id}?buyer_domain=${buyerDomainId}`)).json(),
    );
    expect(detail.is_back_linked).toBe(model.referentsOf(buyerDomainId).has(subject.hostname));
    expect(detail.competitors.map((c) => c.hostname)).toEqual(
      [...(model.competitorsOf(buyerDomainId).get(subject.hostname) ?? [])].sort(),
    );
    const plain = SiteDetailSchema.parse((await get(`/sites/${subject.id}`)).json());
    expect(plain.is_back_linked).toBe(false);
    expect(plain.competitors).toEqual([]);
  });

  it("refuses another buyer's domain and answers 404 for an unknown site", async () => {
    const foreign = await get(`/sites/${subject.id}?buyer_domain=${secondBuyerDomainId}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().violations).toEqual([
      { path: 'buyer_domain', message: 'This domain is not one of your domains.' },
    ]);
    const missing = await get(`/sites/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, message: 'Site not found.' });
    expect((await get('/sites/not-a-uuid')).statusCode).toBe(400);
  });

  it('answers the similar lookup by each metric with a limit', async () => {
    const cases = [
      ['domain_rating', dr],
      ['price', price],
      ['traffic', traffic],
    ] as const;
    for (const [by, metric] of cases) {
      const response = await get(`/sites/similar?site=${subject.id}&by=${by}&limit=8`);
      expect(response.statusCode).toBe(200);
      const body = SimilarSitesSchema.parse(response.json());
      expect(body.data.map((s) => s.id)).toEqual(nearestIds(metric, 8));
    }
    const byDefault = SimilarSitesSchema.parse(
      (await get(`/sites/similar?site=${subject.id}&by=price`)).json(),
    );
    expect(byDefault.data).toHaveLength(5);
  });

  it('leaves the caller’s blacklisted sites out of similar sites', async () => {
    const [hidden] = nearestIds(dr, 1);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/buyer/sites/blacklists',
      headers: bearer(tokens.buyer ?? ''),
      payload: { ids: [hidden] },
    });
    const mine = SimilarSitesSchema.parse(
      (await get(`/sites/similar?site=${subject.id}&by=domain_rating`)).json(),
    );
    expect(mine.data.map((s) => s.id)).not.toContain(hidden);
    const theirs = SimilarSitesSchema.parse(
      (await get(`/sites/similar?site=${subject.id}&by=domain_rating`, 'secondBuyer')).json(),
    );
    expect(theirs.data.map((s) => s.id)).toContain(hidden);
  });

  it('validates the similar lookup', async () => {
    expect((await get(`/sites/similar?site=${subject.id}&by=age`)).json().violations[0].path).toBe(
      'by',
    );
    expect((await get(`/sites/similar?site=${subject.id}&by=price&limit=26`)).statusCode).toBe(400);
    expect((await get('/sites/similar?by=price')).json().violations[0].path).toBe('site');
    expect((await get(`/sites/similar?site=${UNKNOWN_ID}&by=price`)).statusCode).toBe(404);
  });
});
