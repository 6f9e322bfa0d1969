import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '#src/test-utils/api.ts';
import { makeSavedView } from '#src/test-utils/factories.ts';

import {
  type SavedView,
  type SavedViewKind,
  savedViewQueries,
  type SavedViewsMirror,
  sortViews,
} from './queries.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(answer: () => Response) {
  const fetchMock = vi.fn(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function memoryMirror(initial: SavedView[] = []) {
  const rows = new Map<SavedViewKind, SavedView[]>([['site_filters', initial]]);
  const mirror: SavedViewsMirror = {
    read: vi.fn((kind: SavedViewKind) => Promise.resolve(rows.get(kind) ?? [])),
    replace: vi.fn((kind: SavedViewKind, views: SavedView[]) => {
      rows.set(kind, views);
      return Promise.resolve();
    }),
  };
  return mirror;
}

describe('saved views', () => {
  it('lists favourites first, then by name', () => {
    const views = [
      makeSavedView({ name: 'b' }),
      makeSavedView({ name: 'c', is_favorite: true }),
      makeSavedView({ name: 'a' }),
    ];
    expect(sortViews(views).map((v) => v.name)).toEqual(['c', 'a', 'b']);
  });

  it('keeps the lists of a scope apart in the query cache', () => {
    expect(savedViewQueries.list('site_filters').queryKey).toEqual([
      'buyer',
      'saved-views',
      'site_filters',
    ]);
    expect(savedViewQueries.list('order_columns', { scope: 'orders' }).queryKey).toEqual([
      'buyer',
      'saved-views',
      'orders',
      'order_columns',
    ]);
  });

  it('runs without a network only when a mirror can answer offline', () => {
    expect(savedViewQueries.list('order_columns').networkMode).toBeUndefined();
    expect(savedViewQueries.list('site_filters', { mirror: memoryMirror() }).networkMode).toBe(
      'always',
    );
  });

  it('copies the server list into the mirror and answers from it while unreachable', async () => {
    const mirror = memoryMirror();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    stubFetch(() => jsonResponse({ data: [makeSavedView()] }));
    const first = await client.fetchQuery(savedViewQueries.list('site_filters', { mirror }));
    expect(first.map((v) => v.name)).toEqual(['Big German sites']);
    expect(mirror.replace).toHaveBeenCalledWith('site_filters', first);

    client.clear();
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await client.fetchQuery(savedViewQueries.list('site_filters', { mirror }));
    expect(offline.map((v) => v.name)).toEqual(['Big German sites']);
  });

  it('reports a refused request instead of answering from the mirror', async () => {
    const mirror = memoryMirror([makeSavedView()]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    stubFetch(() => jsonResponse({ code: 403, message: 'Access Denied.' }, 403));
    await expect(
      client.fetchQuery(savedViewQueries.list('site_filters', { mirror })),
    ).rejects.toThrow();
    expect(mirror.read).not.toHaveBeenCalled();
  });

  it('without a mirror, an unreachable server is an error', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      client.fetchQuery(savedViewQueries.list('order_columns', { scope: 'orders' })),
    ).rejects.toThrow();
  });
});
