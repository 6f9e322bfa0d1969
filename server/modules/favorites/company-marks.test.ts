// Favourites and blacklist shared with a company account (decision 207): what one member marks
// for the company, every member who uses the catalogue sees; another company's never do.
import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { SiteListSchema } from '#contract/catalogue.ts';
import { FavoriteItemsSchema } from '#contract/favorites.ts';
import { SiteDetailSchema } from '#contract/site-detail.ts';
import { sites } from '#server/db/schema/index.ts';
import { setUpTeam, type Team } from '#tests/helpers/team.ts';
import { bearer, type TestContext, useSignedInApp } from '#tests/helpers/test-app.ts';

describe('favourites and blacklist shared with the company', () => {
  const app = useSignedInApp();
  let ctx: TestContext;
  let team: Team;
  let catalogue: { id: string; hostname: string }[] = [];
  const site = (index: number) => catalogue[index] ?? { id: '', hostname: '' };

  beforeAll(async () => {
    ({ ctx } = app);
    team = await setUpTeam(ctx);
    catalogue = await ctx.handle.db
      .select({ id: sites.id, hostname: sites.hostname })
      .from(sites)
      .orderBy(asc(sites.hostname));
  });

  type Who = 'owner' | 'admin' | 'buyer' | 'finance' | 'viewer' | 'outsider';
  const tokenOf = (who: Who) =>
    who === 'owner'
      ? team.owner.token
      : who === 'outsider'
        ? team.outsider
        : team.members[who].token;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1/buyer${url}`,
      headers: bearer(tokenOf(who)),
      ...(payload ? { payload } : {}),
    });
  const items = async (who: Who) =>
    FavoriteItemsSchema.parse((await call('GET', '/favorite-items', who)).json());
  const listed = async (query: string, who: Who) =>
    SiteListSchema.parse((await call('GET', `/sites?limit=100&${query}`, who)).json());
  const rowOf = async (id: string, query: string, who: Who) =>
    (await listed(query, who)).data.find((row) => row.id === id);

  it("shows a company favourite to every member who uses the catalogue, not another company's", async () => {
    const added = await call('POST', '/sites/favorites', 'buyer', {
      ids: [site(1).id],
      scope: 'company',
    });
    expect(added.statusCode).toBe(204);
    for (const who of ['owner', 'admin', 'buyer'] as const) {
      expect((await items(who)).company_favorite_domains).toEqual([site(1)]);
      expect((await items(who)).favorite_domains).toEqual([]);
      const favorites = await listed('filter[is_favorite_site]=true', who);
      expect(favorites.data.map((row) => [row.id, row.is_company_favorite])).toEqual([
        [site(1).id, true],
      ]);
      expect(favorites.data[0]?.is_marked_as_favorite).toBe(false);
    }
    expect((await items('outsider')).company_favorite_domains).toEqual([]);
    expect(await listed('filter[is_favorite_site]=true', 'outsider')).toMatchObject({ data: [] });
    const seen = await rowOf(site(1).id, '', 'outsider');
    expect(seen).toMatchObject({ is_company_favorite: false, is_marked_as_favorite: false });
  });

  it('tells a personal, a company and a both-ways favourite apart; the filter has them all', async () => {
    await call('POST', '/sites/favorites', 'admin', { ids: [site(2).id, site(1).id] });
    const favorites = await listed('filter[is_favorite_site]=true', 'admin');
    const marks = favorites.data
      .map((row) => [row.hostname, row.is_marked_as_favorite, row.is_company_favorite])
      .sort();
    expect(marks).toEqual(
      [
        [site(1).hostname, true, true],
        [site(2).hostname, true, false],
      ].sort(),
    );
    // The admin's own favourites are theirs alone.
    expect((await listed('filter[is_favorite_site]=true', 'buyer')).data).toHaveLength(1);
    const detail = SiteDetailSchema.parse(
      (await call('GET', `/sites/${site(1).id}`, 'admin')).json(),
    );
    expect(detail).toMatchObject({ is_marked_as_favorite: true, is_company_favorite: true });
    const notFavorite = await listed('filter[is_favorite_site]=false', 'buyer');
    expect(notFavorite.data.some((row) => row.id === site(1).id)).toBe(false);
    await call('PUT', '/sites/favorites/removals', 'admin', { ids: [site(2).id, site(1).id] });
  });

  it('removes a company favourite for everyone, and a personal removal leaves it', async () => {
    await call('PUT', '/sites/favorites/removals', 'owner', { ids: [site(1).id] });
    expect((await items('buyer')).company_favorite_domains).toEqual([site(1)]);
    const removed = await call('PUT', '/sites/favorites/removals', 'owner', {
      ids: [site(1).id],
      scope: 'company',
    });
    expect(removed.statusCode).toBe(204);
    expect((await items('buyer')).company_favorite_domains).toEqual([]);
  });

  it('hides a company-blacklisted site from every member until they ask for blacklisted ones', async () => {
    const total = (await listed('', 'buyer')).pagination.total;
    const outsiderTotal = (await listed('', 'outsider')).pagination.total;
    const added = await call('POST', '/sites/blacklists', 'admin', {
      ids: [site(3).id],
      scope: 'company',
    });
    expect(added.statusCode).toBe(204);
    for (const who of ['owner', 'admin', 'buyer'] as const) {
      const seen = await listed('', who);
      expect(seen.pagination.total).toBe(total - 1);
      expect(seen.data.some((row) => row.id === site(3).id)).toBe(false);
      const blacklisted = await listed('filter[is_site_in_blacklist]=true', who);
      expect(
        blacklisted.data.map((row) => [row.id, row.is_in_company_blacklist, row.is_in_blacklist]),
      ).toEqual([[site(3).id, true, false]]);
    }
    expect((await items('owner')).company_blacklisted_domains).toEqual([site(3)]);
    // Another company's members still see it, unmarked.
    expect((await listed('', 'outsider')).pagination.total).toBe(outsiderTotal);
    expect(await rowOf(site(3).id, '', 'outsider')).toMatchObject({
      is_in_company_blacklist: false,
      is_in_blacklist: false,
    });
    expect((await items('outsider')).company_blacklisted_domains).toEqual([]);
    // An outsider's removal names only their own company's list.
    await call('PUT', '/sites/blacklists/removals', 'outsider', {
      ids: [site(3).id],
      scope: 'company',
    });
    expect((await items('buyer')).company_blacklisted_domains).toEqual([site(3)]);

    await call('PUT', '/sites/blacklists/removals', 'buyer', {
      ids: [site(3).id],
      scope: 'company',
    });
    expect((await listed('', 'owner')).pagination.total).toBe(total);
  });

  it('refuses a scope that is neither personal nor company, changing nothing', async () => {
    const wrong = await call('POST', '/sites/favorites', 'buyer', {
      ids: [site(4).id],
      scope: 'everyone',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 400,
      violations: [{ path: 'scope', message: 'Choose "personal" or "company".' }],
    });
    const notText = await call('PUT', '/sites/blacklists/removals', 'buyer', {
      ids: [site(4).id],
      scope: 1,
    });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().violations[0].path).toBe('scope');
    const favorites = await items('buyer');
    expect([...favorites.favorite_domains, ...favorites.company_favorite_domains]).toEqual([]);
  });

  it('refuses Finance and Viewer members, who do not use the catalogue, with 403', async () => {
    for (const who of ['finance', 'viewer'] as const) {
      const refused = await call('POST', '/sites/favorites', who, {
        ids: [site(5).id],
        scope: 'company',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 403 });
    }
    expect((await items('owner')).company_favorite_domains).toEqual([]);
  });
});
