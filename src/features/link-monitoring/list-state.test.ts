import { describe, expect, it } from 'vitest';

import { paths } from '#src/config/paths.ts';

import {
  hasFilters,
  parseLinkListState,
  serializeLinkListState,
  serverQueryString,
} from './list-state.ts';

const decoded = (search: string) => decodeURIComponent(search);

/**
 * Addresses with what the earlier list state (a flat shape of its own) wrote back for them and
 * asked the server for: bookmarked addresses and offline copies keep reading the same.
 */
const EARLIER: [address: string, written: string, sent: string][] = [
  ['', '', 'page=1&limit=25'],
  [
    'filter[health][]=issue&filter[health][]=failing&filter[buyer_domain][]=shop.example.org&filter[order]=100042&page=3&limit=50',
    'filter[health][]=issue&filter[health][]=failing&filter[buyer_domain][]=shop.example.org&filter[order]=100042&page=3&limit=50',
    'filter[health][]=issue&filter[health][]=failing&filter[buyer_domain][]=shop.example.org&filter[order]=100042&page=3&limit=50',
  ],
  [
    'filter[health][]=broken&filter[health][]=healthy&filter[order]=%20%20&page=-1&limit=33&%E0%A4%A=1',
    'filter[health][]=healthy',
    'filter[health][]=healthy&page=1&limit=25',
  ],
  [
    'filter[buyer_domain][]=b%C3%BCcher.example&filter[buyer_domain][]=%20&filter[order]=%20100042%20&page=1&limit=25',
    'filter[buyer_domain][]=b%C3%BCcher.example&filter[order]=100042',
    'filter[buyer_domain][]=b%C3%BCcher.example&filter[order]=100042&page=1&limit=25',
  ],
  ['filter=oops', '', 'page=1&limit=25'],
  [
    'filter[health][]=issue&page=2&limit=100',
    'filter[health][]=issue&page=2&limit=100',
    'filter[health][]=issue&page=2&limit=100',
  ],
];

describe('link monitoring address', () => {
  it('reads health, buyer domain, order and page from the server query syntax', () => {
    expect(
      parseLinkListState(
        'filter[health][]=issue&filter[health][]=failing&filter[buyer_domain][]=shop.example.org&filter[order]=100042&page=3&limit=50',
      ),
    ).toEqual({
      filter: {
        health: ['issue', 'failing'],
        buyer_domain: ['shop.example.org'],
        order: '100042',
      },
      page: 3,
      limit: 50,
    });
  });

  it('drops what it cannot read, field by field, and never throws', () => {
    expect(
      parseLinkListState(
        'filter[health][]=broken&filter[health][]=healthy&filter[order]=%20%20&page=-1&limit=33&%E0%A4%A=1',
      ),
    ).toEqual({ filter: { health: ['healthy'] } });
    expect(parseLinkListState('filter=oops')).toEqual({ filter: {} });
  });

  it('writes back what it reads, leaving out the first page and the default size', () => {
    const search = serializeLinkListState({
      filter: { health: ['issue'], buyer_domain: ['shop.example.org'], order: '100042' },
      page: 1,
      limit: 25,
    });
    expect(decoded(search)).toBe(
      'filter[health][]=issue&filter[buyer_domain][]=shop.example.org&filter[order]=100042',
    );
    expect(parseLinkListState(search).filter.health).toEqual(['issue']);
    // The address the dashboard leads to, kept as a constant so the first load needs no serialiser.
    expect(paths.linkMonitoringIssues).toBe(
      `${paths.linkMonitoring}?${serializeLinkListState({ filter: { health: ['issue'] } })}`,
    );
  });

  it('asks the server for one page of the filter, always naming page and size', () => {
    expect(decoded(serverQueryString({ filter: { order: '100042' }, page: 2, limit: 100 }))).toBe(
      'filter[order]=100042&page=2&limit=100',
    );
  });

  it('reads, writes back and requests every address as the earlier state did', () => {
    for (const [address, written, sent] of EARLIER) {
      const state = parseLinkListState(address);
      expect(serializeLinkListState(state)).toBe(written);
      expect(serverQueryString(state)).toBe(sent);
      expect(serializeLinkListState(parseLinkListState(written))).toBe(written);
    }
  });

  it('knows when the list is filtered', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ health: [] })).toBe(false);
    expect(hasFilters({ order: '1' })).toBe(true);
  });
});
