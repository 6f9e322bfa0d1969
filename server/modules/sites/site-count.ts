// The exact total of a catalogue list, with the expensive part shared between requests.
//
// Counting the matches of a broad filter reads a large part of the catalogue (hundreds of
// thousands of index entries at a million sites), while the catalogue itself changes rarely (the
// metrics are refreshed once or twice a month). The total is split into
//   - the global count: the sites matching the buyer-independent conditions, the same for every
//     buyer, cached per normalised filter together with the catalogue version it was counted at
//     (catalogue_state, raised by triggers in the transaction of every change of sites or
//     site_prices), and
//   - the buyer's hidden matches: their blacklisted sites that match the same conditions, counted
//     exactly on every request (a buyer's blacklist is small).
// The total is global minus hidden, and the cached global count is used only while the version
// read in the same statement is unchanged, so the total is always the exact one. Filters on the
// buyer's marks, back-links or competitors are counted directly.
import { type SQL, sql } from 'drizzle-orm';

import type { SiteFilter } from '#contract/catalogue.ts';
import { type Database, queryRows } from '#server/db/database.ts';
import { catalogueState, sites } from '#server/db/schema/index.ts';

import {
  blacklistedSiteIds,
  BUYER_FILTER_KEYS,
  globalWhereOf,
  type SiteSearch,
  whereOf,
} from './site-query.ts';

/** How many distinct filters keep their global count. */
const DEFAULT_CAPACITY = 1_000;

interface CachedCount {
  version: number;
  count: number;
}

export interface SiteCounter {
  /** The exact number of sites the search lists for its buyer. */
  count(db: Database, search: SiteSearch): Promise<number>;
}

/** Filter keys that shape the conditions but not the global count. */
const NOT_COUNTED: readonly (keyof SiteFilter)[] = ['buyer_domain', ...BUYER_FILTER_KEYS];

/** The parts of a search that decide its global count, in one canonical text. */
export function globalCountKey(search: SiteSearch): string {
  const filter: Record<string, unknown> = {};
  for (const key of Object.keys(search.filter).sort() as (keyof SiteFilter)[]) {
    const value = search.filter[key];
    if (value === undefined || NOT_COUNTED.includes(key)) continue;
    filter[key] = Array.isArray(value)
      ? [...new Set(value.map(String))].sort()
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, bound]) => bound !== undefined)
              .sort(([a], [b]) => a.localeCompare(b)),
          )
        : value;
  }
  return JSON.stringify([
    filter,
    search.priceNicheIds ? [...search.priceNicheIds].sort() : null,
    [...search.searchTopics].sort(),
  ]);
}

/**
 * Whether the total is global minus the blacklisted matches: every buyer-dependent filter is
 * absent, except the blacklist one, which may say "not blacklisted" (what leaving it out means).
 * Read from BUYER_FILTER_KEYS, so a buyer-dependent filter added there is counted directly until
 * this rule is taught otherwise.
 */
export function isShareable(filter: SiteFilter): boolean {
  return BUYER_FILTER_KEYS.every(
    (key) => filter[key] === undefined || (key === 'is_site_in_blacklist' && filter[key] === false),
  );
}

const countOf = (where: SQL | undefined) =>
  sql`(select count(*)::bigint from ${sites}${where ? sql` where ${where}` : sql``})`;

export function createSiteCounter({
  capacity = DEFAULT_CAPACITY,
}: { capacity?: number } = {}): SiteCounter {
  const cache = new Map<string, CachedCount>();

  const remember = (key: string, value: CachedCount) => {
    cache.delete(key);
    cache.set(key, value);
    // Oldest first in a Map: drop the least recently stored filter.
    if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
  };

  return {
    count: async (db, search) => {
      if (!isShareable(search.filter)) {
        const [row] = await queryRows<{ total: string }>(
          db,
          sql`select ${countOf(whereOf(search))} as total`,
        );
        return Number(row?.total ?? 0);
      }
      const global = globalWhereOf(search);
      const hiddenWhere = sql`${sites.id} in ${blacklistedSiteIds(search.userId)}${global ? sql` and ${global}` : sql``}`;
      const version = sql`(select ${catalogueState.version} from ${catalogueState})`;
      const key = globalCountKey(search);
      const cached = cache.get(key);
      if (cached) {
        const [row] = await queryRows<{ version: string | null; hidden: string }>(
          db,
          sql`select ${version} as version, ${countOf(hiddenWhere)} as hidden`,
        );
        if (row && row.version !== null && Number(row.version) === cached.version) {
          return cached.count - Number(row.hidden);
        }
      }
      // One statement, one snapshot: the version, the global count and the hidden matches agree.
      const [row] = await queryRows<{ version: string | null; total: string; hidden: string }>(
        db,
        sql`select ${version} as version, ${countOf(global)} as total, ${countOf(hiddenWhere)} as hidden`,
      );
      if (!row) return 0;
      // Without the version row there is nothing to tell a change by: nothing is kept.
      if (row.version !== null) {
        remember(key, { version: Number(row.version), count: Number(row.total) });
      }
      return Number(row.total) - Number(row.hidden);
    },
  };
}
