import { describe, expect, it } from 'vitest';
import { paths } from '#src/config/paths.ts';
import { hasFilters, pageQuery, parseLinkListState, serializeLinkListState } from './list-state.ts';

const decoded = (search: string) => decodeURIComponent(search);

describe('link monitoring address', () => {
  it('reads health, buyer domain, order and page from the server query syntax', () => {
    expect(
      parseLinkListState(
        'filter[health][]=issue&filter[health][]=failing&filter[buyer_domain][]=shop.example.org&filter[order]=100042&page=3&limit=50',
      ),
    ).toEqual({
      health: ['issue', 'failing'],
      buyer_domain: ['shop.example.org'],
      order: '100042',
      page: 3,
      limit: 50,
    });
  });

  it('drops what it cannot read, field by field, and never throws', () => {
    expect(
      parseLinkListState(
        'filter[health][]=broken&filter[health][]=healthy&filter[order]=%20%20&page=-1&limit=33&%E0%A4%A=1',
      ),
    ).toEqual({
      health: ['healthy'],
      buyer_domain: undefined,
      order: undefined,
      page: undefined,
      limit: undefined,
    });
    expect(parseLinkListState('filter=oops')).toEqual({
      health: undefined,
      buyer_domain: undefined,
      order: undefined,
      page: undefined,
      limit: undefined,
    });
  });

  it('writes back what it reads, leaving out the first page and the default size', () => {
    const search = serializeLinkListState({
      health: ['issue'],
      buyer_domain: ['shop.example.org'],
      order: '100042',
      page: 1,
      limit: 25,
    });
    expect(decoded(search)).toBe(
      'filter[health][]=issue&filter[buyer_domain][]=shop.example.org&filter[order]=100042',
    );
    expect(parseLinkListState(search).health).toEqual(['issue']);
    // The address the dashboard leads to, kept as a constant so the first load needs no serialiser.
    expect(paths.linkMonitoringIssues).toBe(
      `${paths.linkMonitoring}?${serializeLinkListState({ health: ['issue'] })}`,
    );
  });

  it('asks the server for one page of the filter, always naming page and size', () => {
    expect(decoded(pageQuery({ order: '100042' }, 2, 100))).toBe(
      'filter[order]=100042&page=2&limit=100',
    );
  });

  it('knows when the list is filtered', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ health: [] })).toBe(false);
    expect(hasFilters({ order: '1' })).toBe(true);
  });
});
