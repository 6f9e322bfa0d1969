import { describe, expect, it } from 'vitest';

import { parseFilterState } from '#contract/filter-state.ts';

import { catalogueQueries } from './queries.ts';

describe('the catalogue page query', () => {
  const options = { today: '2026-12-02', defaultLimit: 25 };

  it('is keyed by the request it sends, so client-only keys share one cache entry', () => {
    const plain = parseFilterState('filter[search]=garden&sorting[price]=ASC');
    const withClientKeys = parseFilterState(
      'filter[search]=garden&filter[only_favorite]=true&filter[fe.note]=x&sorting[price]=ASC',
    );
    const key = catalogueQueries.list(plain, options).queryKey;
    expect(catalogueQueries.list(withClientKeys, options).queryKey).toEqual(key);
    expect(key).toEqual([
      'buyer',
      'sites',
      'list',
      'filter[search]=garden&sorting[price]=ASC&limit=25&page=1',
    ]);
  });
});
