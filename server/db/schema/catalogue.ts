// The catalogue of publisher sites with their SEO metrics and per-niche prices (spec §3 "Site").
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  inet,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';

import { createdAt, money } from './columns.ts';
import { linkType, sponsorTagType } from './enums.ts';
import {
  countries,
  domainLanguages,
  niches,
  sitePlacementPeriods,
  topLevelDomains,
  websiteTopics,
} from './reference.ts';

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostname: text('hostname').notNull().unique(),
    ahrefsDomainRating: smallint('ahrefs_domain_rating').notNull(),
    ahrefsReferringDomains: integer('ahrefs_referring_domains').notNull(),
    ahrefsOrganicTraffic: integer('ahrefs_organic_traffic').notNull(),
    ahrefsUrlRating: smallint('ahrefs_url_rating').notNull(),
    ahrefsKeywordsTop3: integer('ahrefs_keywords_top3').notNull(),
    ahrefsKeywords410: integer('ahrefs_keywords410').notNull(),
    ahrefsKeywordsTop10: integer('ahrefs_keywords_top10').notNull(),
    majesticCitationFlow: smallint('majestic_citation_flow').notNull(),
    majesticTrustFlow: smallint('majestic_trust_flow').notNull(),
    mozSpamScore: smallint('moz_spam_score').notNull(),
    mozDomainAuthority: smallint('moz_domain_authority').notNull(),
    semrushAuthorityScore: smallint('semrush_authority_score').notNull(),
    /** Trust flow / citation flow; null when citation flow is 0. */
    tfCf: numeric('tf_cf', { precision: 10, scale: 4 }),
    /** Referring domains / organic traffic; null when traffic is 0. */
    rdOt: numeric('rd_ot', { precision: 14, scale: 4 }),
    ipAddress: inet('ip_address'),
    sponsorTagType: sponsorTagType('sponsor_tag_type').notNull(),
    linkType: linkType('link_type').notNull(),
    mainCountryId: uuid('main_country_id').references(() => countries.id),
    mainCountryTraffic: integer('main_country_traffic').notNull(),
    domainLanguage: text('domain_language').references(() => domainLanguages.title, {
      onUpdate: 'cascade',
    }),
    websiteTopic: text('website_topic').references(() => websiteTopics.title, {
      onUpdate: 'cascade',
    }),
    tld: text('tld')
      .notNull()
      .references(() => topLevelDomains.title, { onUpdate: 'cascade' }),
    placementPeriodId: uuid('placement_period_id').references(() => sitePlacementPeriods.id),
    /** When the publisher last published a placement. */
    lastPlacementAt: date('last_placement_at'),
    /** When the metrics were last refreshed (1-2 times a month). */
    updatedAt: date('updated_at').notNull(),
    /** When the site was last checked to still be relevant. */
    relevanceAt: date('relevance_at'),
    comments: text('comments'),
    description: text('description'),
    /**
     * The site's General-niche price, a copy of its site_prices row kept by the
     * site_prices_general_price_sync triggers, so that sorting and filtering by price need no join.
     */
    generalPrice: money('general_price'),
    createdAt: createdAt(),
  },
  (t) => [
    // Serves the default catalogue view: DR >= 20 and main-country traffic >= 1000, DR descending.
    index('sites_domain_rating_traffic_idx').on(t.ahrefsDomainRating.desc(), t.mainCountryTraffic),
    index('sites_main_country_traffic_idx').on(t.mainCountryTraffic.desc()),
    // Walks the catalogue in DR order with the id tie-break, so a page of the default view reads
    // only the rows it shows. The trailing traffic column is not for ordering: it lets the page
    // of the default view (deep ones too) be found from the index alone.
    index('sites_domain_rating_id_traffic_idx').on(
      t.ahrefsDomainRating.desc(),
      t.id,
      t.mainCountryTraffic,
    ),
    // The nearest sites by traffic on the site detail.
    index('sites_organic_traffic_idx').on(t.ahrefsOrganicTraffic),
    // The topic half of the text search (hostname or topic) as an index scan.
    index('sites_website_topic_idx').on(t.websiteTopic),
    index('sites_main_country_id_idx').on(t.mainCountryId),
    index('sites_hostname_trgm_idx').using('gin', t.hostname.op('gin_trgm_ops')),
    // Sorting and filtering by the General price with the id tie-break. The trailing columns are
    // not for ordering: they let a price-ordered walk test the usual companions of a price
    // filter (DR, link type, sponsor tag) from the index alone, without reading skipped rows.
    // Price order within one DR value: a list sorted by price and filtered on a DR range reads
    // the cheapest sites of each DR value in the range and merges them (site-query.ts), instead
    // of walking the price order through every cheaper site outside the range.
    index('sites_domain_rating_general_price_idx').on(
      t.ahrefsDomainRating,
      t.generalPrice,
      t.id,
      t.linkType,
      t.sponsorTagType,
    ),
    index('sites_general_price_id_covering_idx').on(
      t.generalPrice,
      t.id,
      t.ahrefsDomainRating,
      t.linkType,
      t.sponsorTagType,
    ),
    check('sites_domain_rating_range', sql`${t.ahrefsDomainRating} between 0 and 100`),
    check('sites_url_rating_range', sql`${t.ahrefsUrlRating} between 0 and 100`),
    check('sites_spam_score_range', sql`${t.mozSpamScore} between 0 and 100`),
    check('sites_authority_score_range', sql`${t.semrushAuthorityScore} between 0 and 100`),
    check('sites_main_country_traffic_non_negative', sql`${t.mainCountryTraffic} >= 0`),
  ],
);

/** The price of one link on a site in a niche; every site has a General price. */
export const sitePrices = pgTable(
  'site_prices',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    nicheId: uuid('niche_id')
      .notNull()
      .references(() => niches.id),
    price: money('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.nicheId] }),
    index('site_prices_niche_price_idx').on(t.nicheId, t.price),
    check('site_prices_price_non_negative', sql`${t.price} >= 0`),
  ],
);

/**
 * The version of the catalogue: one row whose number the triggers of sites and site_prices raise
 * with every statement that changes them, in the same transaction. A count of matching sites
 * computed together with the version it saw stays exact for as long as the version is unchanged
 * (decision 020).
 */
export const catalogueState = pgTable(
  'catalogue_state',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_state_single_row', sql`${t.id}`)],
);
