// The catalogue of publisher sites on the wire: filter keys, sorting, list query and the row
// (spec §3 "Site", "Filter keys", "Sorting options", "Options").
import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import {
  decimalNumber,
  fieldsOf,
  pageNumber,
  rangeOf,
  sortingOf,
  wholeNumber,
} from './list-query.ts';
import { listOf } from './pagination.ts';
import { inCurrent } from './permissions.ts';
import { siteMetricShape } from './site-metrics.ts';

export { MIN_LTE_MAX_MESSAGE, SORT_DIRECTIONS, type SortDirection } from './list-query.ts';

/** Numeric range filters: `filter[key][min]` / `filter[key][max]`. */
export const RANGE_FILTER_KEYS = [
  'ahrefs_domain_rating',
  'ahrefs_referring_domains',
  'ahrefs_organic_traffic',
  'ahrefs_url_rating',
  'ahrefs_keywords_top3',
  'ahrefs_keywords410',
  'ahrefs_keywords_top10',
  'majestic_citation_flow',
  'majestic_trust_flow',
  'moz_spam_score',
  'moz_domain_authority',
  'semrush_authority_score',
  'tf_cf',
  'rd_ot',
  'price',
  'main_country_traffic',
] as const;
export type RangeFilterKey = (typeof RANGE_FILTER_KEYS)[number];

/** List filters: `filter[key][]=…` (ids or values, any match). */
export const LIST_FILTER_KEYS = [
  'main_countries',
  'niche',
  'tlds',
  'placements',
  'website_topics',
  'domain_languages',
  'sponsor_tag_types',
  'link_types',
] as const;
export type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];

/** Date range filters sent as `filter[key][min]` / `filter[key][max]` with YYYY-MM-DD values. */
export const PERIOD_FILTER_KEYS = ['last_updated_or', 'relevance_at_or'] as const;
export type PeriodFilterKey = (typeof PERIOD_FILTER_KEYS)[number];

/** Yes/no filters: `filter[key]=true|false`. */
export const BOOLEAN_FILTER_KEYS = [
  'is_favorite_site',
  'is_back_linked',
  'is_site_in_blacklist',
  'competitors',
] as const;
export type BooleanFilterKey = (typeof BOOLEAN_FILTER_KEYS)[number];

/** Filters that need a chosen buyer domain and are hidden when additional filters are disabled. */
export const ADDITIONAL_FILTER_KEYS = ['is_back_linked', 'competitors'] as const;

/** Columns the list can be sorted by: `sorting[column]=ASC|DESC`, several allowed in order. */
export const SITE_SORT_COLUMNS = [
  'hostname',
  ...RANGE_FILTER_KEYS,
  'relevance_at',
  'updated_at',
  'is_back_linked',
  'competitors',
] as const;
export type SiteSortColumn = (typeof SITE_SORT_COLUMNS)[number];

export const SITE_PAGE_SIZES = [25, 50, 100] as const;
export const SITE_MAX_PAGE_SIZE = 100;
export const SITE_DEFAULT_PAGE_SIZE = 25;

export const SPONSOR_TAG_TYPES = ['rel_sponsored', 'image_tag', 'no_tag', 'marked_by_wm'] as const;
export type SponsorTagType = (typeof SPONSOR_TAG_TYPES)[number];
export const SPONSOR_TAG_TYPE_TITLES: Record<SponsorTagType, string> = {
  rel_sponsored: 'rel="sponsored"',
  image_tag: 'Image tag',
  no_tag: 'No tag',
  marked_by_wm: 'Marked by webmaster',
};

export const LINK_TYPES = ['do_follow', 'no_follow'] as const;

export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_TITLES: Record<LinkType, string> = {
  do_follow: 'Do-follow',
  no_follow: 'No-follow',
};

/**
 * The names of a site's fields that are not metrics (site-metrics.ts names those), as the site
 * table, the detail page and the export show them.
 */
export const SITE_FIELD_LABELS = {
  hostname: 'Domain',
  is_back_linked: 'Backlinked',
  competitors: 'Competitors',
  main_country: 'Main country',
  link_type: 'Link type',
  sponsor_tag_type: 'Sponsor tag',
  relevance_at: 'Relevance date',
  updated_at: 'Last updated',
  ip_address: 'IP address',
  domain_language: 'Language',
  website_topic: 'Topic',
  tld: 'TLD',
} as const;

/** What the Backlinked column says: the spec's cross (already linked) and tick (not yet). */
export function backLinkedText(isBackLinked: boolean): string {
  return isBackLinked ? 'Already linked' : 'Not linked yet';
}

/** An id in the catalogue's filters: any 8-4-4-4-12 hexadecimal UUID. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** List filters whose values are ids, and those whose values are fixed options. */
export const ID_LIST_FILTER_KEYS = ['main_countries', 'niche', 'placements'] as const;
const LIST_FILTER_OPTIONS: Partial<Record<string, readonly string[]>> = {
  sponsor_tag_types: SPONSOR_TAG_TYPES,
  link_types: LINK_TYPES,
};

/**
 * Whether GET /v1/buyer/sites takes `value` in the list filter `key`: an id list takes UUIDs, an
 * option list its options, any other list any text. The server refuses the rest; an address
 * leaves it out.
 */
export function isAcceptedListValue(key: string, value: string): boolean {
  if ((ID_LIST_FILTER_KEYS as readonly string[]).includes(key)) return UUID_PATTERN.test(value);
  const options = LIST_FILTER_OPTIONS[key];
  return options === undefined || options.includes(value);
}

/** The default preset of the catalogue (spec §4). */
export const DEFAULT_SITE_PRESET = {
  filter: { ahrefs_domain_rating: { min: 20 }, main_country_traffic: { min: 1000 } },
  sorting: { ahrefs_domain_rating: 'DESC' as const },
} as const;

const isoDate = z.iso.date('Expected date in YYYY-MM-DD format');

export const NumberRangeSchema = rangeOf(decimalNumber);
export const DateRangeSchema = rangeOf(isoDate);

const listOfValues = z
  .array(z.string().trim().min(1).max(200))
  .max(200)
  .refine((items) => new Set(items).size === items.length, {
    message: 'Items array must contain unique values',
  });
const yesNo = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * `filter[…]` of GET /v1/buyer/sites as the server accepts it (strings from the query string).
 * Unknown keys are refused.
 */
export const SiteFilterSchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    buyer_domain: z.uuid().optional(),
    ...fieldsOf(RANGE_FILTER_KEYS, NumberRangeSchema.optional()),
    ...fieldsOf(LIST_FILTER_KEYS, listOfValues.optional()),
    ...fieldsOf(PERIOD_FILTER_KEYS, DateRangeSchema.optional()),
    ...fieldsOf(BOOLEAN_FILTER_KEYS, yesNo.optional()),
  })
  .strict();
export type SiteFilter = z.output<typeof SiteFilterSchema>;

export const siteLimit = wholeNumber(1, SITE_MAX_PAGE_SIZE);

/** The whole query of GET /v1/buyer/sites (and of the export task, which takes the same filter). */
export const SiteListQuerySchema = z
  .object({
    filter: SiteFilterSchema.optional(),
    sorting: sortingOf(SITE_SORT_COLUMNS).optional(),
    limit: siteLimit.optional(),
    page: pageNumber.optional(),
  })
  .strict();
export type SiteListQuery = z.output<typeof SiteListQuerySchema>;

/**
 * Spec §3 "Site (catalogue row)", snake_case. The metrics and their types come from
 * site-metrics.ts; money is a decimal string with two digits.
 */
export const SiteSchema = z.object({
  id: z.uuid(),
  hostname: z.string(),
  is_back_linked: z.boolean(),
  /** On the caller's own blacklist and favourites. */
  is_in_blacklist: z.boolean(),
  is_marked_as_favorite: z.boolean(),
  /** On the blacklist and favourites their current company account shares (decision 207). */
  is_in_company_blacklist: z.boolean(),
  is_company_favorite: z.boolean(),
  competitors: z.array(z.object({ hostname: z.string() })),
  updated_at: z.string(),
  relevance_at: z.string().nullable(),
  ...siteMetricShape('metrics'),
  ip_address: z.string().nullable(),
  sponsor_tag_type: z.enum(SPONSOR_TAG_TYPES),
  link_type: z.enum(LINK_TYPES),
  main_country: z.object({ id: z.string(), title: z.string(), code: z.string() }).nullable(),
  ...siteMetricShape('country'),
  domain_language: z.string().nullable(),
  website_topic: z.string().nullable(),
  tld: z.string(),
});
export type Site = z.infer<typeof SiteSchema>;

export const SiteListSchema = listOf(SiteSchema);
export type SiteList = z.infer<typeof SiteListSchema>;

export const catalogueEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/buyer/sites',
    permission: inCurrent('catalogue.use'),
    access: 'buyer',
    tags: ['Sites'],
    summary: 'The catalogue of publisher sites, filtered, sorted and paged',
    description:
      'Query in bracket syntax: `filter[ahrefs_domain_rating][min]=20`, ' +
      '`filter[niche][]=<id>`, `sorting[price]=ASC`, `limit` (25, at most 100), `page`. ' +
      'Blacklisted sites are left out unless `filter[is_site_in_blacklist]=true`.',
    query: SiteListQuerySchema,
    status: 200,
    response: SiteListSchema,
    errors: [400, 401, 403],
  }),
};
