import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { encodeQuery, type QueryObject } from '#contract/query-string.ts';
import { decodeQuery } from '#contract/query-string-read.ts';
import { parseRequestQuery } from '#server/http/query-string.ts';

/**
 * What `qs` wrote (`arrayFormat: 'brackets'`, values only encoded, blanks and nulls skipped) for
 * these values, recorded when the codec replaced it (decisions 160, 192): old links read the same.
 */
const WRITTEN_BY_QS: [Record<string, unknown>, string][] = [
  [
    {
      filter: { search: 'a&b=c [d] 100% +1 ?#', niche: ['Home & garden', 'Café', '😀'] },
      sorting: { price: 'ASC', ahrefs_domain_rating: 'DESC' },
      limit: 25,
      page: 2,
    },
    'filter[search]=a%26b%3Dc%20%5Bd%5D%20100%25%20%2B1%20%3F%23&filter[niche][]=Home%20%26%20garden&filter[niche][]=Caf%C3%A9&filter[niche][]=%F0%9F%98%80&sorting[price]=ASC&sorting[ahrefs_domain_rating]=DESC&limit=25&page=2',
  ],
  [
    {
      text: "!'()*~-._",
      broken: 'x\uD800y',
      empty: '',
      none: null,
      gone: undefined,
      yes: true,
      no: false,
      n: -12,
      z: 0,
    },
    'text=%21%27%28%29%2A~-._&broken=x%EF%BF%BDy&yes=true&no=false&n=-12&z=0',
  ],
  [{ a: { b: { c: ['1', '', null, 2] } }, list: [], obj: {} }, 'a[b][c][]=1&a[b][c][]=2'],
];

/**
 * How `qs` (depth 3, 200 items, 500 parameters, no prototypes) read these queries, recorded when
 * the server's reader became the codec (decision 192): the addresses the lists write, and hostile
 * keys, which stay under the field they target so that the field's violation names it.
 */
const READ_BY_QS: [string, unknown][] = [
  [
    'filter[status][]=processing&filter[status][]=completed&filter[order_price][min]=10&filter[order_price][max]=99.5&sorting[created_at]=DESC&page=2&limit=50',
    {
      filter: { status: ['processing', 'completed'], order_price: { min: '10', max: '99.5' } },
      sorting: { created_at: 'DESC' },
      page: '2',
      limit: '50',
    },
  ],
  [
    'filter[health][]=issue&filter[buyer_domain][]=shop.example.org&filter[order]=100042&page=2&limit=100',
    {
      filter: { health: ['issue'], buyer_domain: ['shop.example.org'], order: '100042' },
      page: '2',
      limit: '100',
    },
  ],
  [
    'filter[search]=a+b%20c&q=%E0%A4%A&r=100%',
    { filter: { search: 'a b c' }, q: '%E0%A4%A', r: '100%' },
  ],
  ['a[b][c][d][e][f]=1', { a: { b: { c: { d: { '[e][f]': '1' } } } } }],
  ['page[a][a][a][a][a]=1', { page: { a: { a: { a: { '[a][a]': '1' } } } } }],
  ['site=x&site[a][a][a][a][a]=1', { site: ['x', { a: { a: { a: { '[a][a]': '1' } } } }] }],
  ['a[b][c][d]=1&a[b][c][d][e]=2', { a: { b: { c: { d: ['1', { '[e]': '2' }] } } } }],
  ['a[b][c][d][]=3', { a: { b: { c: { d: { '[]': '3' } } } } }],
  ['a=1&a[b]=2', { a: ['1', { b: '2' }] }],
  ['a[b]=2&a=1', { a: [{ b: '2' }, '1'] }],
  ['a[]=1&a=2', { a: ['1', '2'] }],
  ['a=1&a[]=2', { a: ['1', '2'] }],
  ['a[b][c]=1&a[b]=2', { a: { b: [{ c: '1' }, '2'] } }],
  ['x]=1&a]b[c]=2', { 'x]': '1', 'a]b': { c: '2' } }],
  ['__proto__[admin]=1&a[constructor][prototype][x]=1&toString=1&b[c]=2', { b: { c: '2' } }],
];

/** What a value is once written and read: text, without blanks, nulls or empty groups. */
function asRead(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') return value.toWellFormed();
  if (typeof value !== 'object') return String(value);
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, asRead(item)] as const)
    : Object.entries(value).map(([key, item]) => [key, asRead(item)] as const);
  const kept = entries.filter(([, item]) => item !== undefined);
  if (kept.length === 0) return undefined;
  return Array.isArray(value) ? kept.map(([, item]) => item) : Object.fromEntries(kept);
}

const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
const name = fc
  .stringMatching(/^[a-z_][a-z0-9_]{0,12}$/)
  .filter((key) => !PROTOTYPE_NAMES.has(key));
// Any text a buyer can type or paste, the characters of the format itself included.
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({
    unit: fc.constantFrom(
      '&',
      '=',
      '[',
      ']',
      '%',
      '+',
      '?',
      '#',
      ' ',
      'é',
      '%5B',
      'a',
      "!'()*~",
      '😀',
    ),
    maxLength: 12,
  }),
);
const leaf = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, true, false) },
);
const list = fc.array(leaf, { maxLength: 5 });
const level2 = fc.dictionary(name, fc.oneof(leaf, list), { maxKeys: 4 });
const level1 = fc.dictionary(name, fc.oneof(leaf, list, level2), { maxKeys: 4 });
const query = fc.dictionary(name, fc.oneof(leaf, list, level1), { maxKeys: 6 });

describe('the address format', () => {
  it('writes exactly what qs wrote, so the server and old links read every address the same', () => {
    for (const [value, written] of WRITTEN_BY_QS) expect(encodeQuery(value)).toBe(written);
  });

  it('reads what it writes, as the server reads it', () => {
    fc.assert(
      fc.property(query, (value) => {
        const search = encodeQuery(value);
        const decoded = decodeQuery(search);
        expect(decoded).toEqual(asRead(value) ?? {});
        expect(parseRequestQuery(search)).toEqual(decoded);
        expect(decodeQuery(`?${search}`)).toEqual(decoded);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads every query as qs read it, hostile keys under the field they target', () => {
    for (const [search, read] of READ_BY_QS) {
      expect(decodeQuery(search)).toEqual(read);
      expect(parseRequestQuery(search)).toEqual(read);
    }
  });

  it('reads indexed lists in order as qs did', () => {
    const search = 'filter[niche][0]=a&filter[niche][1]=b&sorting[price]=ASC&ids[0]=x';
    expect(decodeQuery(search)).toEqual({
      filter: { niche: ['a', 'b'] },
      sorting: { price: 'ASC' },
      ids: ['x'],
    });
  });

  it('reads back the strings it was given', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          name,
          fc.array(
            text.filter((t) => t !== ''),
            { minLength: 2, maxLength: 4 },
          ),
        ),
        (lists) => {
          const value = { filter: lists };
          const decoded = decodeQuery(encodeQuery(value)) as { filter?: QueryObject };
          expect(decoded.filter ?? {}).toEqual(
            JSON.parse(
              JSON.stringify(lists, (_key, v: unknown) =>
                typeof v === 'string' ? v.toWellFormed() : v,
              ),
            ),
          );
        },
      ),
    );
  });

  it('writes the catalogue address a buyer sees', () => {
    expect(
      encodeQuery({
        filter: { ahrefs_domain_rating: { min: '20', max: '' }, niche: ['Home & garden', 'Café'] },
        sorting: { price: 'ASC' },
        limit: 25,
        page: '1',
      }),
    ).toBe(
      'filter[ahrefs_domain_rating][min]=20&filter[niche][]=Home%20%26%20garden&filter[niche][]=Caf%C3%A9&sorting[price]=ASC&limit=25&page=1',
    );
  });

  it('never throws on a hostile address, and leaves out what it does not write', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (search) => {
        expect(() => decodeQuery(search)).not.toThrow();
      }),
    );
    const polluted = decodeQuery(
      '__proto__[admin]=1&a[constructor][prototype][x]=1&toString=1&b[c]=2',
    );
    expect(polluted).toEqual({ b: { c: '2' } });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    // Deeper than three brackets, the rest is one name under the third, and another shape joins
    // what is there in a list (as qs did); what the format does not write is kept under its own
    // text. Strict schemas refuse either.
    expect(decodeQuery('a[b][c][d]=1&a[b][c][d][e]=2&x]=1&[y]=1&z[[w]]=1&a[b][c][d][]=3')).toEqual({
      a: { b: { c: { d: ['1', { '[e]': '2' }, { '[]': '3' }] } } },
      'x]': '1',
      '[y]': '1',
      'z[[w]]': '1',
    });
    expect(decodeQuery('a[b]x[c]=1&a[][b]=2&a[b=3')).toEqual({
      'a[b]x[c]': '1',
      'a[][b]': '2',
      'a[b': '3',
    });
    // A key 10,000 brackets deep costs no more than its length.
    expect(decodeQuery(`page${'[a]'.repeat(10_000)}=1`)).toEqual({
      page: { a: { a: { a: { ['[a]'.repeat(9_997)]: '1' } } } },
    });
    expect(decodeQuery('q=%E0%A4%A&r=100%&s=a+b')).toEqual({ q: '%E0%A4%A', r: '100%', s: 'a b' });
    const many = Array.from({ length: 600 }, (_, i) => `k${i}=v`).join('&');
    expect(Object.keys(decodeQuery(many))).toHaveLength(500);
    const long = Array.from({ length: 300 }, () => 'n[]=v').join('&');
    expect((decodeQuery(long) as { n: string[] }).n).toHaveLength(200);
    expect(decodeQuery(long)['n[]']).toHaveLength(100);
  });
});
