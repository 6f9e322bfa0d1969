import { beforeAll, describe, expect, it } from 'vitest';

import { SavedViewListSchema, SavedViewSchema } from '#contract/saved-views.ts';
import { bearer, TEST_START, type TestContext, useSignedInApp } from '#tests/helpers/test-app.ts';

describe('saved views', () => {
  const app = useSignedInApp();
  let ctx: TestContext, tokens: Record<string, string>;
  beforeAll(() => ({ ctx, tokens } = app));

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    who = 'buyer',
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1/buyer/saved-views${url}`,
      headers: bearer(tokens[who] ?? ''),
      ...(payload ? { payload } : {}),
    });
  const create = async (payload: object, who = 'buyer') => {
    const response = await call('POST', '', payload, who);
    expect(response.statusCode, response.body).toBe(201);
    return SavedViewSchema.parse(response.json());
  };

  const query = { filter: { ahrefs_domain_rating: { min: 20 } }, sorting: { price: 'ASC' } };
  const layout = { columns: ['hostname', 'price'], widths: { hostname: 240 } };

  it('saves a view with its JSON value as given and lists it by kind', async () => {
    const view = await create({ kind: 'site_filters', name: 'Cheap high DR', value: query });
    expect(view).toEqual({
      id: expect.any(String),
      kind: 'site_filters',
      name: 'Cheap high DR',
      value: query,
      is_favorite: false,
      created_at: TEST_START.toISOString(),
      updated_at: TEST_START.toISOString(),
    });
    await create({ kind: 'site_columns', name: 'Compact', value: layout, is_favorite: true });
    const filters = SavedViewListSchema.parse((await call('GET', '?kind=site_filters')).json());
    expect(filters.data.map((v) => v.name)).toEqual(['Cheap high DR']);
    const all = SavedViewListSchema.parse((await call('GET', '')).json());
    expect(all.data.map((v) => [v.kind, v.name])).toEqual([
      ['site_filters', 'Cheap high DR'],
      ['site_columns', 'Compact'],
    ]);
  });

  it('keeps names unique per kind: 409 naming the field, the same name in another kind is fine', async () => {
    const taken = await call('POST', '', {
      kind: 'site_filters',
      name: 'Cheap high DR',
      value: {},
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 409,
      message: 'A saved view with this name already exists.',
      violations: [{ path: 'name', message: 'A saved view with this name already exists.' }],
    });
    await create({ kind: 'order_columns', name: 'Cheap high DR', value: layout });
    await create({ kind: 'site_filters', name: 'Cheap high DR', value: {} }, 'secondBuyer');
  });

  it('renames, replaces the value and marks a favourite, moving updated_at only', async () => {
    const view = await create({ kind: 'order_item_columns', name: 'Wide', value: layout });
    ctx.clock.advanceSeconds(60);
    const response = await call('PUT', `/${view.id}`, {
      name: 'Very wide',
      value: { columns: [] },
      is_favorite: true,
    });
    expect(response.statusCode).toBe(200);
    const updated = SavedViewSchema.parse(response.json());
    expect(updated).toMatchObject({ name: 'Very wide', value: { columns: [] }, is_favorite: true });
    expect(updated.created_at).toBe(view.created_at);
    expect(updated.updated_at).not.toBe(view.updated_at);
    const onlyFavorite = await call('PUT', `/${view.id}`, { is_favorite: false });
    expect(onlyFavorite.json()).toMatchObject({ name: 'Very wide', is_favorite: false });
  });

  it('refuses a rename onto a taken name of the same kind', async () => {
    const first = await create({ kind: 'order_topic_columns', name: 'One', value: {} });
    await create({ kind: 'order_topic_columns', name: 'Two', value: {} });
    expect((await call('PUT', `/${first.id}`, { name: 'Two' })).statusCode).toBe(409);
    expect((await call('PUT', `/${first.id}`, { name: 'One' })).statusCode).toBe(200);
  });

  it("answers 404 for another buyer's view, to read-modify and to delete", async () => {
    const view = await create({ kind: 'order_article_columns', name: 'Mine', value: {} });
    expect((await call('PUT', `/${view.id}`, { name: 'Theirs' }, 'secondBuyer')).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/${view.id}`, undefined, 'secondBuyer')).statusCode).toBe(404);
    const theirs = SavedViewListSchema.parse(
      (await call('GET', '', undefined, 'secondBuyer')).json(),
    );
    expect(theirs.data.some((v) => v.id === view.id)).toBe(false);
    const deleted = await call('DELETE', `/${view.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call('DELETE', `/${view.id}`)).statusCode).toBe(404);
  });

  it('validates kind, name and value', async () => {
    const cases: [object, string][] = [
      [{ kind: 'nope', name: 'x', value: {} }, 'kind'],
      [{ kind: 'site_filters', name: '  ', value: {} }, 'name'],
      [{ kind: 'site_filters', name: 'x' }, 'value'],
      [{ kind: 'site_filters', name: 'x', value: {}, extra: 1 }, 'extra'],
      // Over the value's size, in texts each short enough for the rule of every text.
      [
        { kind: 'site_filters', name: 'x', value: { big: Array(10).fill('x'.repeat(7_000)) } },
        'value',
      ],
    ];
    for (const [payload, path] of cases) {
      const response = await call('POST', '', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().violations[0].path).toBe(path);
    }
    expect((await call('GET', '?kind=nope')).statusCode).toBe(400);
    expect((await call('PUT', '/not-a-uuid', { name: 'x' })).statusCode).toBe(400);
  });
});
