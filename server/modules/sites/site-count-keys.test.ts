// The shared count is right only if the filters it leaves out of the global count are exactly
// those whose conditions depend on the buyer. Each filter key of the contract is tried on the
// statements themselves, so a buyer-dependent filter added without being declared fails here.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

import { type SiteFilter, SiteFilterSchema } from '#contract/catalogue.ts';

import { isShareable } from './site-count.ts';
import { BUYER_FILTER_KEYS, buyerWhereOf, globalWhereOf, type SiteSearch } from './site-query.ts';

const dialect = new PgDialect();
const render = (where: SQL | undefined) => JSON.stringify(where ? dialect.sqlToQuery(where) : null);

const searchOf = (filter: SiteFilter): SiteSearch => ({
  userId: '00000000-0000-4000-8000-000000000001',
  buyerDomainId: '00000000-0000-4000-8000-000000000002',
  filter,
  priceNicheIds: null,
  sorting: {},
  searchTopics: [],
});

/** Wire values of every shape a filter takes; each key keeps those its schema accepts. */
const CANDIDATES: unknown[] = [
  'true',
  'false',
  ['some-value'],
  { min: '1' },
  { min: '2026-01-01' },
  '00000000-0000-4000-8000-000000000003',
  'text',
];

/** Each filter key of the contract with the values it can take. */
function filterSamples(): [keyof SiteFilter, unknown[]][] {
  return Object.keys(SiteFilterSchema.shape).map((key) => {
    const values = CANDIDATES.flatMap((candidate) => {
      const parsed = SiteFilterSchema.safeParse({ [key]: candidate });
      return parsed.success ? [(parsed.data as Record<string, unknown>)[key]] : [];
    });
    return [key as keyof SiteFilter, values];
  });
}

describe('the buyer-dependent filters of the shared count', () => {
  const samples = filterSamples();

  it('finds a value for every filter key', () => {
    for (const [key, values] of samples) expect(values, key).not.toEqual([]);
  });

  it('are exactly the filters whose conditions depend on the buyer', () => {
    const unfiltered = render(buyerWhereOf(searchOf({})));
    const buyerDependent = samples
      .filter(([key, values]) =>
        values.some((value) => render(buyerWhereOf(searchOf({ [key]: value }))) !== unfiltered),
      )
      .map(([key]) => key);
    expect([...buyerDependent].sort()).toEqual([...BUYER_FILTER_KEYS].sort());

    // ...and those filters do not shape the global conditions.
    const global = render(globalWhereOf(searchOf({})));
    for (const key of BUYER_FILTER_KEYS) {
      const values = samples.find(([sampled]) => sampled === key)?.[1] ?? [];
      for (const value of values) {
        expect(render(globalWhereOf(searchOf({ [key]: value }))), key).toBe(global);
      }
    }
  });

  it('make the count direct, except "not blacklisted", which the shared count takes off', () => {
    for (const [key, values] of samples) {
      for (const value of values) {
        const buyerDependent = (BUYER_FILTER_KEYS as readonly string[]).includes(key);
        const hiddenMatches = key === 'is_site_in_blacklist' && value === false;
        expect(isShareable({ [key]: value }), `${key}=${JSON.stringify(value)}`).toBe(
          !buyerDependent || hiddenMatches,
        );
      }
    }
    expect(isShareable({})).toBe(true);
  });
});
