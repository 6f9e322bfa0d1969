import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  BOOLEAN_FILTER_KEYS,
  ID_LIST_FILTER_KEYS,
  LINK_TYPES,
  LIST_FILTER_KEYS,
  type ListFilterKey,
  PERIOD_FILTER_KEYS,
  RANGE_FILTER_KEYS,
  SITE_SORT_COLUMNS,
  SiteListQuerySchema,
  SPONSOR_TAG_TYPES,
} from '#contract/catalogue.ts';
import {
  defaultFilterState,
  type FilterState,
  type FilterValues,
  hasNoFilterOrSorting,
  parseFilterState,
  PERIOD_VALUES,
  periodToRange,
  resetAll,
  resetSorting,
  serializeFilterState,
  serverQueryString,
  setFilter,
  setSort,
  subtractMonths,
  toBoolean,
  toNumber,
  toServerQuery,
  validateRange,
} from '#contract/filter-state.ts';
import { decodeQuery } from '#contract/query-string-read.ts';

const text = fc
  .string({ minLength: 1, maxLength: 20 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
/** Values the catalogue's query takes in each list filter: ids, options or any text. */
function listValue(key: ListFilterKey): fc.Arbitrary<string> {
  if ((ID_LIST_FILTER_KEYS as readonly string[]).includes(key)) return fc.uuid();
  if (key === 'link_types') return fc.constantFrom(...LINK_TYPES);
  if (key === 'sponsor_tag_types') return fc.constantFrom(...SPONSOR_TAG_TYPES);
  return text;
}
const num = fc.oneof(
  fc.integer({ min: -1000, max: 1_000_000 }),
  fc
    .double({ min: 0, max: 100, noNaN: true, noDefaultInfinity: true })
    .map((n) => Math.round(n * 100) / 100),
);

const filterArb: fc.Arbitrary<FilterValues> = fc
  .record(
    {
      search: text,
      buyer_domain: fc.uuid(),
      only_favorite: fc.boolean(),
      'fe.buyer_domain': text,
      ...Object.fromEntries(
        RANGE_FILTER_KEYS.map((k) => [
          k,
          fc
            .record({ min: num, max: num }, { requiredKeys: [] })
            .filter((r) => r.min !== undefined || r.max !== undefined),
        ]),
      ),
      ...Object.fromEntries(
        LIST_FILTER_KEYS.map((k) => [
          k,
          fc.uniqueArray(listValue(k), { minLength: 1, maxLength: 4 }),
        ]),
      ),
      ...Object.fromEntries(PERIOD_FILTER_KEYS.map((k) => [k, fc.constantFrom(...PERIOD_VALUES)])),
      ...Object.fromEntries(BOOLEAN_FILTER_KEYS.map((k) => [k, fc.boolean()])),
    },
    { requiredKeys: [] },
  )
  .map((f) => f as FilterValues);

const stateArb: fc.Arbitrary<FilterState> = fc
  .record(
    {
      filter: filterArb,
      sorting: fc
        .uniqueArray(fc.constantFrom(...SITE_SORT_COLUMNS), { maxLength: 3 })
        .chain((cols) =>
          fc
            .tuple(...cols.map(() => fc.constantFrom('ASC' as const, 'DESC' as const)))
            .map((dirs) => Object.fromEntries(cols.map((column, i) => [column, dirs[i]!]))),
        ),
      page: fc.integer({ min: 1, max: 5000 }),
      limit: fc.constantFrom(25, 50, 100),
    },
    { requiredKeys: ['filter', 'sorting'] },
  )
  .map((s) => s as FilterState);

const dateArb = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('filter state from the address', () => {
  it('turns true/false into booleans, numeric strings into numbers, and drops empty values', () => {
    const state = parseFilterState(
      '?filter[is_favorite_site]=true&filter[competitors]=false&filter[ahrefs_domain_rating][min]=20' +
        '&filter[price][max]=12.5&filter[search]=&filter[niche][]=&filter[tlds][]=com&page=3&limit=50',
    );
    expect(state).toEqual({
      filter: {
        is_favorite_site: true,
        competitors: false,
        ahrefs_domain_rating: { min: 20 },
        price: { max: 12.5 },
        tlds: ['com'],
      },
      sorting: {},
      page: 3,
      limit: 50,
    });
  });

  it('reads is_back_linked yes/no, periods and sorting in order', () => {
    const state = parseFilterState(
      'filter[is_back_linked]=yes&filter[last_updated_or]=more&filter[relevance_at_or]=6&sorting[price]=ASC&sorting[hostname]=desc',
    );
    expect(state.filter).toEqual({
      is_back_linked: true,
      last_updated_or: 'more',
      relevance_at_or: '6',
    });
    expect(state.sorting).toEqual({ price: 'ASC', hostname: 'DESC' });
    expect(Object.keys(state.sorting)).toEqual(['price', 'hostname']);
  });

  it('falls back on bad input instead of failing', () => {
    expect(
      parseFilterState(
        'filter[ahrefs_domain_rating][min]=abc&filter[unknown]=1&filter[is_favorite_site]=maybe&sorting[nope]=ASC&sorting[price]=UP&page=-2&limit=1000&filter[last_updated_or]=7',
      ),
    ).toEqual({ filter: {}, sorting: {} });
    expect(parseFilterState('filter=1&sorting=x&page[a]=1')).toEqual({ filter: {}, sorting: {} });
  });

  it('reads only the offered page sizes from the address', () => {
    expect(parseFilterState('limit=7')).toEqual({ filter: {}, sorting: {} });
    expect(parseFilterState('limit=100&page=2')).toEqual({
      filter: {},
      sorting: {},
      page: 2,
      limit: 100,
    });
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const state = parseFilterState(s);
        expect(state.sorting).toBeTypeOf('object');
      }),
    );
  });

  it('round-trips every filter state through the query string', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        expect(parseFilterState(serializeFilterState(state))).toEqual(state);
      }),
    );
  });

  it('coerces numbers and booleans exactly', () => {
    fc.assert(
      fc.property(fc.integer(), (n) => {
        expect(toNumber(String(n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.boolean(), (b) => {
        expect(toBoolean(String(b))).toBe(b);
      }),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*-?\d+(\.\d+)?\s*$/.test(s)),
        (s) => {
          expect(toNumber(s)).toBeUndefined();
        },
      ),
    );
    expect(toNumber('')).toBeUndefined();
    expect(toBoolean('')).toBeUndefined();
  });

  it('applies the default preset only when the address has no filter and no sorting', () => {
    expect(hasNoFilterOrSorting('')).toBe(true);
    expect(hasNoFilterOrSorting('page=2')).toBe(true);
    expect(hasNoFilterOrSorting('filter[niche][]=8f14e45f-ceea-467f-a0e6-1f1e2b3c4d5e')).toBe(
      false,
    );
    expect(hasNoFilterOrSorting('sorting[price]=ASC')).toBe(false);
    expect(hasNoFilterOrSorting('filter[search]=travel')).toBe(false);
    // What the catalogue does not understand says nothing: the preset applies.
    expect(hasNoFilterOrSorting('filter[niche][]=cbd&filter[unknown]=1')).toBe(true);
    expect(hasNoFilterOrSorting('sorting[unknown]=ASC&filter[search]=')).toBe(true);
    expect(serializeFilterState(defaultFilterState())).toBe(
      'filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&sorting[ahrefs_domain_rating]=DESC',
    );
  });
});

describe('changing the filter state', () => {
  it('drops the page when a filter changes and removes empty values', () => {
    fc.assert(
      fc.property(stateArb, fc.constantFrom(...RANGE_FILTER_KEYS), num, (state, key, min) => {
        const next = setFilter(state, key, { min });
        expect(next.page).toBeUndefined();
        expect(next.filter[key]).toEqual({ min });
        expect(next.limit).toBe(state.limit);
        expect(setFilter(next, key, {}).filter[key]).toBeUndefined();
        expect(setFilter(next, 'tlds', []).filter.tlds).toBeUndefined();
      }),
    );
  });

  it('sorts by one column, adds one with shift, and resets', () => {
    const base: FilterState = {
      filter: {},
      sorting: { price: 'ASC' },
      page: 4,
    };
    expect(setSort(base, 'hostname', 'DESC').sorting).toEqual({ hostname: 'DESC' });
    const added = setSort(base, 'hostname', 'DESC', true).sorting;
    expect(added).toEqual({ price: 'ASC', hostname: 'DESC' });
    expect(Object.keys(added)).toEqual(['price', 'hostname']);
    expect(
      Object.keys(setSort({ ...base, sorting: added }, 'price', 'DESC', true).sorting),
    ).toEqual(['price', 'hostname']);
    expect(setSort(base, 'price', 'DESC', true).sorting).toEqual({ price: 'DESC' });
    expect(setSort(base, 'price', null, true).sorting).toEqual({});
    expect(setSort(base, 'price', 'DESC').page).toBeUndefined();
    expect(resetSorting(base).sorting).toEqual({});
  });

  it('reset-all keeps only the supplied defaults and the page size', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const reset = resetAll(state, defaultFilterState());
        expect(reset.filter).toEqual(defaultFilterState().filter);
        expect(reset.sorting).toEqual(defaultFilterState().sorting);
        expect(reset.page).toBeUndefined();
        expect(reset.limit).toBe(state.limit);
      }),
    );
  });

  it('validates ranges: min must not exceed max', () => {
    expect(validateRange({ min: 5, max: 1 })).toBe('The minimum must not be above the maximum.');
    fc.assert(
      fc.property(num, num, (a, b) => {
        expect(validateRange({ min: a, max: b }) === null).toBe(a <= b);
        expect(validateRange({ min: a })).toBeNull();
        expect(validateRange({ max: b })).toBeNull();
      }),
    );
  });
});

describe('filters sent to the server', () => {
  const options = { today: '2026-11-22', defaultLimit: 25 };

  it('maps periods to date ranges relative to today', () => {
    expect(periodToRange('3', '2026-11-22')).toEqual({ min: '2026-08-22' });
    expect(periodToRange('6', '2026-11-22')).toEqual({ min: '2026-05-22' });
    expect(periodToRange('12', '2026-11-22')).toEqual({ min: '2025-11-22' });
    expect(periodToRange('more', '2026-11-22')).toEqual({ max: '2025-11-22' });
    expect(subtractMonths('2026-05-31', 3)).toBe('2026-02-28');
    expect(subtractMonths('2024-05-31', 3)).toBe('2024-02-29');
    expect(subtractMonths('2026-01-15', 1)).toBe('2025-12-15');
  });

  it('turns yes into true, underscores into spaces, and leaves client-only keys out', () => {
    const state = parseFilterState(
      'filter[is_back_linked]=yes&filter[website_topics][]=home_and_garden&filter[domain_languages][]=british_english' +
        '&filter[fe.buyer_domain]=x&filter[only_favorite]=true&filter[last_updated_or]=3&filter[price][min]=0&filter[price][max]=100',
    );
    expect(toServerQuery(state, options)).toEqual({
      filter: {
        is_back_linked: true,
        website_topics: ['home and garden'],
        domain_languages: ['british english'],
        last_updated_or: { min: '2026-08-22' },
        price: { min: 0, max: 100 },
      },
      limit: 25,
      page: 1,
    });
  });

  it('writes numbers as plain decimals', () => {
    const state: FilterState = {
      filter: { price: { min: 1e-7, max: 1e21 } },
      sorting: {},
    };
    expect(serverQueryString(state, options)).toBe(
      'filter[price][min]=0.0000001&filter[price][max]=1000000000000000000000&limit=25&page=1',
    );
  });

  it('leaves out topics and languages that are blank once spaced, and merges duplicates', () => {
    const state = parseFilterState(
      'filter[domain_languages][]=_&filter[website_topics][]=a_b&filter[website_topics][]=a b',
    );
    expect(toServerQuery(state, options).filter).toEqual({ website_topics: ['a b'] });
  });

  it('produces queries the server schema accepts', () => {
    fc.assert(
      fc.property(
        stateArb.filter((s) => RANGE_FILTER_KEYS.every((k) => validateRange(s.filter[k]) === null)),
        dateArb,
        (state, today) => {
          const query = decodeQuery(serverQueryString(state, { today, defaultLimit: 25 }));
          const parsed = SiteListQuerySchema.safeParse(query);
          expect(parsed.error).toBeUndefined();
          expect(
            Object.keys(query.filter ?? {}).some(
              (k) => k.startsWith('fe') || k === 'only_favorite',
            ),
          ).toBe(false);
        },
      ),
    );
  });

  it('keeps the same key for the same state (offline copies are found again)', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const again = parseFilterState(serializeFilterState(state));
        expect(serverQueryString(again, options)).toBe(serverQueryString(state, options));
      }),
    );
  });

  it('subtracting months keeps a valid date no later than the original', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: 24 }), (date, months) => {
        const result = subtractMonths(date, months);
        expect(result).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${result}T00:00:00Z`).toISOString().slice(0, 10)).toBe(result);
        expect(result <= date).toBe(true);
      }),
    );
  });
});

describe('values the catalogue query refuses, read from an address', () => {
  it('are left out, so a hand-written or stale address still lists sites', () => {
    const id = '0b6a3f0e-8c1d-4e57-9a55-2f4c1b7d9e10';
    const state = parseFilterState(
      `?filter[main_countries][]=not-a-uuid&filter[main_countries][]=${id}` +
        '&filter[niche][]=x&filter[link_types][]=sideways&filter[link_types][]=do_follow' +
        '&filter[buyer_domain]=junk&filter[tlds][]=com',
    );
    expect(state.filter).toEqual({
      main_countries: [id],
      link_types: ['do_follow'],
      tlds: ['com'],
    });
    const query = decodeQuery(serverQueryString(state, { today: '2026-11-29', defaultLimit: 25 }));
    expect(SiteListQuerySchema.safeParse(query).success).toBe(true);
    expect(parseFilterState(`?filter[buyer_domain]=${id}`).filter).toEqual({ buyer_domain: id });
  });
});

describe('an address written before the list state took the shape of its query', () => {
  // Written by the earlier page state (sorting kept as a list of entries); bookmarks and saved
  // filters hold such addresses, so they read, write back and request exactly as they did.
  const OLD_ADDRESS =
    'filter[search]=garden%20caf%C3%A9&filter[ahrefs_domain_rating][min]=20&filter[ahrefs_domain_rating][max]=80.5' +
    '&filter[niche][]=8f14e45f-ceea-467f-a0e6-1f1e2b3c4d5e&filter[website_topics][]=home_and_garden' +
    '&filter[last_updated_or]=6&filter[is_back_linked]=no&filter[fe.buyer_domain]=x&filter[only_favorite]=true' +
    '&sorting[price]=asc&sorting[hostname]=DESC&limit=50&page=3';

  it('keeps its filters, sorting order, page and size, and sends the request it sent', () => {
    const state = parseFilterState(OLD_ADDRESS);
    expect(serializeFilterState(state)).toBe(
      'filter[search]=garden%20caf%C3%A9&filter[only_favorite]=true&filter[ahrefs_domain_rating][min]=20' +
        '&filter[ahrefs_domain_rating][max]=80.5&filter[niche][]=8f14e45f-ceea-467f-a0e6-1f1e2b3c4d5e' +
        '&filter[website_topics][]=home_and_garden&filter[last_updated_or]=6&filter[is_back_linked]=false' +
        '&filter[fe.buyer_domain]=x&sorting[price]=ASC&sorting[hostname]=DESC&limit=50&page=3',
    );
    expect(serverQueryString(state, { today: '2026-12-02', defaultLimit: 25 })).toBe(
      'filter[search]=garden%20caf%C3%A9&filter[ahrefs_domain_rating][min]=20' +
        '&filter[ahrefs_domain_rating][max]=80.5&filter[niche][]=8f14e45f-ceea-467f-a0e6-1f1e2b3c4d5e' +
        '&filter[website_topics][]=home%20and%20garden&filter[last_updated_or][min]=2026-06-02' +
        '&filter[is_back_linked]=false&sorting[price]=ASC&sorting[hostname]=DESC&limit=50&page=3',
    );
  });

  it('reads hand-written indexed lists as lists', () => {
    expect(
      parseFilterState(
        'filter[niche][0]=8f14e45f-ceea-467f-a0e6-1f1e2b3c4d5e&filter[niche][1]=0b6a3f0e-8c1d-4e57-9a55-2f4c1b7d9e10',
      ).filter,
    ).toEqual({
      niche: ['8f14e45f-ceea-467f-a0e6-1f1e2b3c4d5e', '0b6a3f0e-8c1d-4e57-9a55-2f4c1b7d9e10'],
    });
  });

  it('shares one request key between states that differ only in client-only keys', () => {
    const options = { today: '2026-12-02', defaultLimit: 25 };
    const plain = parseFilterState('filter[search]=garden');
    const withClientKeys = parseFilterState(
      'filter[search]=garden&filter[only_favorite]=true&filter[fe.buyer_domain]=x',
    );
    expect(serializeFilterState(withClientKeys)).not.toBe(serializeFilterState(plain));
    expect(serverQueryString(withClientKeys, options)).toBe(serverQueryString(plain, options));
  });
});
