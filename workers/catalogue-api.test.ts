import { describe, expect, it } from 'vitest';

import { catalogueApi } from './catalogue-api.ts';

describe('catalogue worker api', () => {
  it('reduces a typed URL to a known TLD and serialises filter states', () => {
    expect(catalogueApi.reduceTld('https://www.example.co.uk/page', ['.uk', '.co.uk'])).toBe(
      'co.uk',
    );
    const state = catalogueApi.parseFilterState('filter[relevance_at_or]=12&page=2');
    expect(catalogueApi.serializeFilterState(state)).toBe('filter[relevance_at_or]=12&page=2');
    expect(catalogueApi.serverQueryString(state, { today: '2026-03-31', defaultLimit: 50 })).toBe(
      'filter[relevance_at_or][min]=2025-03-31&limit=50&page=2',
    );
  });
});
