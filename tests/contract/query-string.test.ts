import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { decodeQuery, encodeQuery, type QueryObject } from '#contract/query-string.ts';
import { parseRequestQuery } from '#server/http/query-string.ts';

/** How the server reads queries with `qs`, with the same limits. */
function qsDecode(search: string): unknown {
  return qs.parse(search, {
    depth: 3,
    arrayLimit: 200,
    parameterLimit: 500,
    allowDots: false,
    allowPrototypes: false,
    ignoreQueryPrefix: true,
  });
}

/** How the project wrote its addresses with `qs` before decision 160; old links read the same. */
function qsEncode(value: Record<string, unknown>): string {
  return qs.stringify(value, {
    arrayFormat: 'brackets',
    encodeValuesOnly: true,
    skipNulls: true,
    filter: (_prefix, v: unknown) => (v === '' ? undefined : v),
  });
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
    fc.assert(
      fc.property(query, (value) => {
        expect(encodeQuery(value)).toBe(qsEncode(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads what it writes as the server reads it with qs', () => {
    fc.assert(
      fc.property(query, (value) => {
        const search = encodeQuery(value);
        const decoded = decodeQuery(search);
        expect(decoded).toEqual(qsDecode(search));
        expect(parseRequestQuery(search)).toEqual(decoded);
        expect(decodeQuery(`?${search}`)).toEqual(decoded);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads indexed lists in order as qs did', () => {
    const search = 'filter[niche][0]=a&filter[niche][1]=b&sorting[price]=ASC&ids[0]=x';
    expect(decodeQuery(search)).toEqual(qsDecode(search));
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
    // What the format does not write is kept under its own text, which strict schemas refuse.
    expect(decodeQuery('a[b][c][d]=1&a[b][c][d][e]=2&x]=1&[y]=1&z[[w]]=1&a[b][c][d][]=3')).toEqual({
      a: { b: { c: { d: '1' } } },
      'a[b][c][d][e]': '2',
      'x]': '1',
      '[y]': '1',
      'z[[w]]': '1',
      'a[b][c][d][]': '3',
    });
    expect(decodeQuery('q=%E0%A4%A&r=100%&s=a+b')).toEqual({ q: '%E0%A4%A', r: '100%', s: 'a b' });
    const many = Array.from({ length: 600 }, (_, i) => `k${i}=v`).join('&');
    expect(Object.keys(decodeQuery(many))).toHaveLength(500);
    const long = Array.from({ length: 300 }, () => 'n[]=v').join('&');
    expect((decodeQuery(long) as { n: string[] }).n).toHaveLength(200);
    expect(decodeQuery(long)['n[]']).toHaveLength(100);
  });
});
