import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { SiteListSchema } from '#contract/catalogue.ts';
import { FavoriteItemsSchema } from '#contract/favorites.ts';
import { sites } from '#server/db/schema/index.ts';
import { UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { bearer, type TestContext, useSignedInApp } from '#tests/helpers/test-app.ts';

describe('favourites and blacklists', () => {
  const app = useSignedInApp();
  let ctx: TestContext;
  let tokens: Record<string, string>;
  let catalogue: { id: string; hostname: string }[] = [];
  const site = (index: number) => catalogue[index] ?? { id: '', hostname: '' };

  beforeAll(async () => {
    ({ ctx, tokens } = app);
    catalogue = await ctx.handle.db
      .select({ id: sites.id, hostname: sites.hostname })
      .from(sites)
      .orderBy(asc(sites.hostname));
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = 'buyer') =>
    ctx.app.inject({
      method,
      url: `/api/v1/buyer${url}`,
      headers: bearer(tokens[who] ?? ''),
      ...(payload ? { payload } : {}),
    });
  const items = async (who = 'buyer') =>
    FavoriteItemsSchema.parse((await call('GET', '/favorite-items', undefined, who)).json());
  const listed = async (query: string, who = 'buyer') =>
    SiteListSchema.parse((await call('GET', `/sites?limit=100&${query}`, undefined, who)).json());

  it('adds favourites, lists them by hostname and marks them in the catalogue', async () => {
    const added = await call('POST', '/sites/favorites', { ids: [site(2).id, site(0).id] });
    expect(added.statusCode).toBe(204);
    expect(added.body).toBe('');
    expect((await items()).favorite_domains).toEqual([site(0), site(2)]);
    const favorites = await listed('filter[is_favorite_site]=true');
    expect(favorites.data.map((row) => row.id).sort()).toEqual([site(0).id, site(2).id].sort());
    expect(favorites.data.every((row) => row.is_marked_as_favorite)).toBe(true);
  });

  it('accepts sites that are already favourites and removes only the ones named', async () => {
    expect((await call('POST', '/sites/favorites', { ids: [site(0).id] })).statusCode).toBe(204);
    const removed = await call('PUT', '/sites/favorites/removals', { ids: [site(0).id] });
    expect(removed.statusCode).toBe(204);
    expect((await items()).favorite_domains).toEqual([site(2)]);
    expect((await call('PUT', '/sites/favorites/removals', { ids: [site(0).id] })).statusCode).toBe(
      204,
    );
  });

  it('blacklists sites, hiding them from the catalogue until removed', async () => {
    const total = (await listed('')).pagination.total;
    expect((await call('POST', '/sites/blacklists', { ids: [site(5).id] })).statusCode).toBe(204);
    expect((await items()).blacklisted_domains).toEqual([site(5)]);
    expect((await listed('')).pagination.total).toBe(total - 1);
    const onlyBlacklisted = await listed('filter[is_site_in_blacklist]=true');
    expect(onlyBlacklisted.data.map((row) => [row.id, row.is_in_blacklist])).toEqual([
      [site(5).id, true],
    ]);
    await call('PUT', '/sites/blacklists/removals', { ids: [site(5).id] });
    expect((await listed('')).pagination.total).toBe(total);
    expect((await items()).blacklisted_domains).toEqual([]);
  });

  it('refuses repeated ids, unknown ids, an empty list and a missing body', async () => {
    const repeated = await call('POST', '/sites/favorites', { ids: [site(1).id, site(1).id] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().violations).toEqual([
      { path: 'ids', message: 'Items array must contain unique values' },
    ]);
    const unknown = await call('POST', '/sites/blacklists', { ids: [site(1).id, UNKNOWN_ID] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().violations).toEqual([
      { path: 'ids[1]', message: 'Site not found.', parameters: { id: UNKNOWN_ID } },
    ]);
    expect((await items()).blacklisted_domains).toEqual([]);
    const empty = await call('POST', '/sites/favorites', { ids: [] });
    expect(empty.json().violations).toEqual([
      { path: 'ids', message: 'Choose at least one site.' },
    ]);
    const notUuid = await call('PUT', '/sites/favorites/removals', { ids: ['x'] });
    expect(notUuid.json().violations[0].path).toBe('ids[0]');
    expect((await call('POST', '/sites/favorites')).statusCode).toBe(400);
  });

  it('answers a repeat with the same Idempotency-Key like the first send, changing nothing', async () => {
    const send = (method: 'POST' | 'PUT', url: string, ids: string[], key: string) =>
      ctx.app.inject({
        method,
        url: `/api/v1/buyer${url}`,
        headers: { ...bearer(tokens.buyer ?? ''), 'idempotency-key': key },
        payload: { ids },
      });
    const key = '6f1c3f2e-2d7a-4a52-9a57-0a3c1d1e2f01';
    const first = await send('POST', '/sites/favorites', [site(11).id], key);
    expect(first.statusCode).toBe(204);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    await call('PUT', '/sites/favorites/removals', { ids: [site(11).id] });

    // The first answer was lost on the way; the device sends the same write again.
    const repeat = await send('POST', '/sites/favorites', [site(11).id], key);
    expect(repeat.statusCode).toBe(204);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect((await items()).favorite_domains).not.toContainEqual(site(11));

    const other = await send('POST', '/sites/favorites', [site(12).id], key);
    expect(other.statusCode).toBe(422);
    expect((await items()).favorite_domains).not.toContainEqual(site(12));
  });

  it("keeps each buyer's marks to that buyer", async () => {
    await call('POST', '/sites/blacklists', { ids: [site(7).id] });
    const second = await items('secondBuyer');
    expect(second).toEqual({
      favorite_domains: [],
      blacklisted_domains: [],
      company_favorite_domains: [],
      company_blacklisted_domains: [],
      favorite_filters: [],
    });
    const seen = await listed('', 'secondBuyer');
    expect(seen.data.some((row) => row.id === site(7).id)).toBe(true);
    expect(seen.data.some((row) => row.is_marked_as_favorite || row.is_in_blacklist)).toBe(false);
    await call('PUT', '/sites/blacklists/removals', { ids: [site(7).id] }, 'secondBuyer');
    expect((await items()).blacklisted_domains).toEqual([site(7)]);
    await call('PUT', '/sites/blacklists/removals', { ids: [site(7).id] });
  });

  describe('PUT /favorite-items', () => {
    it('replaces the lists given and leaves the others', async () => {
      await call('POST', '/sites/blacklists', { ids: [site(9).id] });
      const response = await call('PUT', '/favorite-items', {
        favorite_domains: [site(3).id, site(4).id],
      });
      expect(response.statusCode).toBe(200);
      expect(FavoriteItemsSchema.parse(response.json())).toEqual({
        favorite_domains: [site(3), site(4)],
        blacklisted_domains: [site(9)],
        company_favorite_domains: [],
        company_blacklisted_domains: [],
        favorite_filters: [],
      });
      const cleared = await call('PUT', '/favorite-items', {
        favorite_domains: [],
        blacklisted_domains: [],
      });
      expect(cleared.json()).toEqual({
        favorite_domains: [],
        blacklisted_domains: [],
        company_favorite_domains: [],
        company_blacklisted_domains: [],
        favorite_filters: [],
      });
    });

    it('marks saved site filters as favourite, only the caller’s own', async () => {
      const created = await call('POST', '/saved-views', {
        kind: 'site_filters',
        name: 'High DR',
        value: { filter: { ahrefs_domain_rating: { min: 50 } } },
      });
      const view = created.json() as { id: string };
      const marked = await call('PUT', '/favorite-items', { favorite_filters: [view.id] });
      expect(marked.json().favorite_filters).toEqual([{ id: view.id, name: 'High DR' }]);
      const foreign = await call(
        'PUT',
        '/favorite-items',
        { favorite_filters: [view.id] },
        'secondBuyer',
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().violations).toEqual([
        {
          path: 'favorite_filters[0]',
          message: 'Saved view not found.',
          parameters: { id: view.id },
        },
      ]);
      const unmarked = await call('PUT', '/favorite-items', { favorite_filters: [] });
      expect(unmarked.json().favorite_filters).toEqual([]);
    });

    it('changes nothing when one id is unknown', async () => {
      const response = await call('PUT', '/favorite-items', {
        favorite_domains: [site(1).id],
        blacklisted_domains: [UNKNOWN_ID],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().violations[0].path).toBe('blacklisted_domains[0]');
      expect((await items()).favorite_domains).toEqual([]);
    });
  });
});
