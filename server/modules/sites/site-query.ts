// Turns a validated catalogue query into SQL: the conditions of `filter[…]`, the price of a site
// and the ORDER BY of `sorting[…]`. Every user value travels as a bound parameter.
import { and, asc, eq, gte, inArray, lte, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import type {
  LinkType,
  RangeFilterKey,
  SiteFilter,
  SiteSortColumn,
  SortDirection,
  SponsorTagType,
} from '#contract/catalogue.ts';
import { UUID_PATTERN } from '#contract/catalogue.ts';
import { hostnameSearchToAscii } from '#contract/idna.ts';
import { containsPattern } from '#server/db/like-pattern.ts';
import { referenceIds } from '#server/db/reference-data.ts';
import {
  buyerDomainReferents,
  competitorGroups,
  competitorReferents,
  competitors,
  sitePrices,
  sites,
  topLevelDomains,
} from '#server/db/schema/index.ts';
import { markedSiteIds } from '#server/db/site-marks.ts';

/** The General niche: every site has a price in it. */
export const GENERAL_NICHE_ID = referenceIds.niche('general');
/** A catalogue query after the service has checked its ids against the caller's data. */
export interface SiteSearch {
  userId: string;
  /** The caller's own domain the back-link and competitor columns are computed for. */
  buyerDomainId: string | null;
  filter: SiteFilter;
  /** Niches whose lowest price is the site's price; null for the General price. */
  priceNicheIds: readonly string[] | null;
  /** `sorting[…]` as the query gives it: column → direction, the first key sorting first. */
  sorting: Readonly<Partial<Record<SiteSortColumn, SortDirection>>>;
  /** Website topics whose title contains `filter[search]`, looked up beforehand. */
  searchTopics: readonly string[];
}

type NumericColumnKey = Exclude<RangeFilterKey, 'price'>;

const NUMERIC_COLUMNS = {
  ahrefs_domain_rating: sites.ahrefsDomainRating,
  ahrefs_referring_domains: sites.ahrefsReferringDomains,
  ahrefs_organic_traffic: sites.ahrefsOrganicTraffic,
  ahrefs_url_rating: sites.ahrefsUrlRating,
  ahrefs_keywords_top3: sites.ahrefsKeywordsTop3,
  ahrefs_keywords410: sites.ahrefsKeywords410,
  ahrefs_keywords_top10: sites.ahrefsKeywordsTop10,
  majestic_citation_flow: sites.majesticCitationFlow,
  majestic_trust_flow: sites.majesticTrustFlow,
  moz_spam_score: sites.mozSpamScore,
  moz_domain_authority: sites.mozDomainAuthority,
  semrush_authority_score: sites.semrushAuthorityScore,
  tf_cf: sites.tfCf,
  rd_ot: sites.rdOt,
  main_country_traffic: sites.mainCountryTraffic,
} as const satisfies Record<NumericColumnKey, SQLWrapper>;

/** The price a statement filters and sorts on: the site's price for the search. */
function comparedPrice(search: SiteSearch): SQLWrapper {
  return priceOf(search);
}

/**
 * The site's price: its General price (kept on the site row, so that filtering and sorting by it
 * read one indexed column), or its lowest price among the chosen niches.
 */
export function priceOf(search: Pick<SiteSearch, 'priceNicheIds'>): SQL<string | null> {
  const niches = search.priceNicheIds;
  if (!niches) return sql<string | null>`${sites.generalPrice}`;
  return sql<
    string | null
  >`(select min(${sitePrices.price}) from ${sitePrices} where ${sitePrices.siteId} = ${sites.id} and ${inArray(sitePrices.nicheId, [...niches])})`;
}

/** Whether the site already links to the chosen buyer domain. */
export function isBackLinked(buyerDomainId: string | null): SQL<boolean> {
  if (!buyerDomainId) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${buyerDomainReferents} where ${buyerDomainReferents.buyerDomainId} = ${buyerDomainId} and ${buyerDomainReferents.hostname} = ${sites.hostname})`;
}

/** How many competitors of the chosen buyer domain the site links to. */
export function competitorCount(buyerDomainId: string | null): SQL<number> {
  if (!buyerDomainId) return sql<number>`0`;
  return sql<number>`(select count(distinct ${competitors.hostname})::int from ${competitorReferents} join ${competitors} on ${competitors.id} = ${competitorReferents.competitorId} join ${competitorGroups} on ${competitorGroups.id} = ${competitors.groupId} where ${competitorGroups.buyerDomainId} = ${buyerDomainId} and ${competitorReferents.hostname} = ${sites.hostname})`;
}

/** What a whole-number column can hold; a bound beyond it is met by every row or by none. */
const WHOLE_NUMBER_DOMAINS: Record<string, { min: number; max: number }> = {
  PgSmallInt: { min: -32_768, max: 32_767 },
  PgInteger: { min: -2_147_483_648, max: 2_147_483_647 },
};

/**
 * The range of a metric column, with its bounds made ones the column can compare with: whole
 * numbers for a whole-number column (DR >= 12.5 is DR >= 13), and a bound outside what the column
 * holds either dropped (it excludes nothing) or turned into a condition no row meets.
 */
function metricRange(column: PgColumn, bounds: { min?: number; max?: number } | undefined) {
  const domain = WHOLE_NUMBER_DOMAINS[column.columnType];
  if (!bounds || !domain) return range(column, bounds);
  let min = bounds.min === undefined ? undefined : Math.ceil(bounds.min);
  let max = bounds.max === undefined ? undefined : Math.floor(bounds.max);
  if ((min !== undefined && min > domain.max) || (max !== undefined && max < domain.min)) {
    return [sql`false`];
  }
  if (min !== undefined && min <= domain.min) min = undefined;
  if (max !== undefined && max >= domain.max) max = undefined;
  return range(column, { min, max });
}

function range(
  value: SQLWrapper,
  bounds: { min?: number | string; max?: number | string } | undefined,
) {
  if (!bounds) return [];
  return [
    bounds.min === undefined ? undefined : gte(value, bounds.min),
    bounds.max === undefined ? undefined : lte(value, bounds.max),
  ];
}

/** The text form of a UUID (ids arrive as query-string text). */
export const UUID = UUID_PATTERN;

/** A TLD given by id or by title, with or without its leading dot. */
function tldCondition(values: readonly string[]): SQL {
  const ids = values.filter((value) => UUID.test(value));
  const titles = values
    .filter((value) => !UUID.test(value))
    .map((value) => (value.startsWith('.') ? value : `.${value}`).toLowerCase());
  const matching = or(
    ids.length > 0 ? inArray(topLevelDomains.id, ids) : undefined,
    titles.length > 0 ? inArray(topLevelDomains.title, titles) : undefined,
  );
  return sql`${sites.tld} in (select ${topLevelDomains.title} from ${topLevelDomains} where ${matching})`;
}

/**
 * The conditions that are the same for every buyer: the metrics, prices, reference values and the
 * text search. A count under them can be shared by all buyers (see site-count.ts).
 */
export function globalWhereOf(search: SiteSearch): SQL | undefined {
  const { filter } = search;
  const conditions: (SQL | undefined)[] = [];
  for (const [key, column] of Object.entries(NUMERIC_COLUMNS)) {
    conditions.push(...metricRange(column, filter[key as NumericColumnKey]));
  }
  conditions.push(...range(comparedPrice(search), filter.price));
  conditions.push(...range(sites.updatedAt, filter.last_updated_or));
  conditions.push(...range(sites.relevanceAt, filter.relevance_at_or));

  if (filter.main_countries) conditions.push(inArray(sites.mainCountryId, filter.main_countries));
  if (filter.niche) {
    conditions.push(
      sql`exists (select 1 from ${sitePrices} where ${sitePrices.siteId} = ${sites.id} and ${inArray(sitePrices.nicheId, filter.niche)})`,
    );
  }
  if (filter.tlds) conditions.push(tldCondition(filter.tlds));
  if (filter.placements) conditions.push(inArray(sites.placementPeriodId, filter.placements));
  if (filter.website_topics) conditions.push(inArray(sites.websiteTopic, filter.website_topics));
  if (filter.domain_languages) {
    conditions.push(inArray(sites.domainLanguage, filter.domain_languages));
  }
  // The service has checked the values against the enums.
  if (filter.sponsor_tag_types) {
    conditions.push(inArray(sites.sponsorTagType, filter.sponsor_tag_types as SponsorTagType[]));
  }
  if (filter.link_types) {
    conditions.push(inArray(sites.linkType, filter.link_types as LinkType[]));
  }

  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const topics = search.searchTopics;
    // A name typed in Unicode is looked for as it is stored too: "münchen" as "xn--mnchen-3ya".
    const ascii = hostnameSearchToAscii(filter.search);
    conditions.push(
      or(
        sql`${sites.hostname} ilike ${pattern}`,
        ascii ? sql`${sites.hostname} ilike ${containsPattern(ascii)}` : undefined,
        topics.length > 0 ? inArray(sites.websiteTopic, [...topics]) : undefined,
      ),
    );
  }
  return and(...conditions);
}

/** The filter keys whose conditions depend on the buyer (marks, back-links, competitors). */
export const BUYER_FILTER_KEYS = [
  'is_favorite_site',
  'is_site_in_blacklist',
  'is_back_linked',
  'competitors',
] as const satisfies readonly (keyof SiteFilter)[];

/** The conditions that depend on the buyer; without a blacklist filter, its sites are left out. */
export function buyerWhereOf(search: SiteSearch): SQL | undefined {
  const { filter, userId, buyerDomainId } = search;
  const conditions: (SQL | undefined)[] = [];
  if (filter.is_favorite_site !== undefined) {
    const favorites = markedSiteIds('favorites', userId);
    conditions.push(
      sql`${sites.id} ${sql.raw(filter.is_favorite_site ? 'in' : 'not in')} ${favorites}`,
    );
  }
  const blacklisted = markedSiteIds('blacklists', userId);
  conditions.push(
    sql`${sites.id} ${sql.raw(filter.is_site_in_blacklist === true ? 'in' : 'not in')} ${blacklisted}`,
  );

  if (filter.is_back_linked !== undefined) {
    const linked = isBackLinked(buyerDomainId);
    conditions.push(filter.is_back_linked ? linked : sql`not ${linked}`);
  }
  if (filter.competitors !== undefined) {
    const count = competitorCount(buyerDomainId);
    conditions.push(filter.competitors ? sql`${count} > 0` : eq(count, 0));
  }
  return and(...conditions);
}

export function whereOf(search: SiteSearch): SQL | undefined {
  return and(globalWhereOf(search), buyerWhereOf(search));
}

/** The caller's blacklisted sites, their own and their company's (as a subquery of ids). */
export function blacklistedSiteIds(userId: string): SQL {
  return markedSiteIds('blacklists', userId);
}

function sortValue(column: SiteSortColumn, search: SiteSearch): SQLWrapper {
  switch (column) {
    case 'hostname':
      return sql`${sites.hostname} collate "C"`;
    case 'price':
      return comparedPrice(search);
    case 'relevance_at':
      return sites.relevanceAt;
    case 'updated_at':
      return sites.updatedAt;
    case 'is_back_linked':
      return isBackLinked(search.buyerDomainId);
    case 'competitors':
      return competitorCount(search.buyerDomainId);
    default:
      return NUMERIC_COLUMNS[column];
  }
}

/** The requested order, then the id, so that equal values keep one order across pages. */
export function orderOf(search: SiteSearch): SQL[] {
  // Missing values come last both ways; NULLS LAST on descending keys also matches the
  // descending indexes (which Drizzle creates NULLS LAST).
  const columns = Object.keys(search.sorting) as SiteSortColumn[];
  const order = columns.map((column) => {
    const value = sortValue(column, search);
    const direction = search.sorting[column];
    return direction === 'ASC' ? asc(value) : sql`${value} desc nulls last`;
  });
  return [...order, asc(sites.id)];
}
