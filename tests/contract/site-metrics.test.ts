import { describe, expect, it } from 'vitest';

import {
  RANGE_FILTER_KEYS,
  type RangeFilterKey,
  SITE_SORT_COLUMNS,
  SiteListQuerySchema,
  SiteSchema,
  type SiteSortColumn,
} from '#contract/catalogue.ts';
import { EXPORT_COLUMNS } from '#contract/exports.ts';
import {
  clampToBounds,
  type FilterableSiteMetricKey,
  metricFilterBounds,
  SITE_METRIC_BY_KEY,
  SITE_METRIC_KEYS,
  SITE_METRICS,
  siteMetricProperty,
  type SortableSiteMetricKey,
} from '#contract/site-metrics.ts';
import { words } from '#tests/helpers/words.ts';

// Compile-time: the filter and sort keys of the query schema and the metrics agree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const filterKeysAgree: Same<RangeFilterKey, FilterableSiteMetricKey> = true;
const sortKeysAccepted: SortableSiteMetricKey extends SiteSortColumn ? true : false = true;

/** The metrics before the main country, in the order of the wire row and the CSV header. */
const ROW_METRICS = words(`
  price ahrefs_domain_rating ahrefs_referring_domains ahrefs_organic_traffic ahrefs_url_rating
  ahrefs_keywords_top3 ahrefs_keywords410 ahrefs_keywords_top10 majestic_citation_flow
  majestic_trust_flow moz_spam_score moz_domain_authority semrush_authority_score tf_cf rd_ot
`);

describe('site metrics', () => {
  it('are the range filters of the list query, and only those', () => {
    expect(filterKeysAgree).toBe(true);
    const filterable = SITE_METRICS.filter((m) => m.filterable).map((m) => m.key);
    expect([...filterable].sort()).toEqual([...RANGE_FILTER_KEYS].sort());
  });

  it('are accepted by the sort schema when sortable', () => {
    expect(sortKeysAccepted).toBe(true);
    for (const metric of SITE_METRICS.filter((m) => m.sortable)) {
      expect(SITE_SORT_COLUMNS).toContain(metric.key);
      const parsed = SiteListQuerySchema.safeParse({ sorting: { [metric.key]: 'DESC' } });
      expect(parsed.success).toBe(true);
    }
  });

  it('are fields of the site schema, typed by kind', () => {
    const shape = SiteSchema.shape as Record<string, { safeParse(value: unknown): unknown }>;
    for (const metric of SITE_METRICS) {
      expect(shape[metric.key]).toBeDefined();
    }
    expect(SiteSchema.shape.price.safeParse('12.50').success).toBe(true);
    expect(SiteSchema.shape.tf_cf.safeParse(null).success).toBe(true);
    expect(SiteSchema.shape.ahrefs_domain_rating.safeParse(null).success).toBe(false);
  });

  it('keep the order of the wire row', () => {
    expect(Object.keys(SiteSchema.shape)).toEqual([
      'id',
      'hostname',
      'is_back_linked',
      'is_in_blacklist',
      'is_marked_as_favorite',
      'is_in_company_blacklist',
      'is_company_favorite',
      'competitors',
      'updated_at',
      'relevance_at',
      ...ROW_METRICS,
      'ip_address',
      'sponsor_tag_type',
      'link_type',
      'main_country',
      'main_country_traffic',
      'domain_language',
      'website_topic',
      'tld',
    ]);
  });

  it('are each an export column, in the order of the CSV header', () => {
    for (const key of SITE_METRIC_KEYS) expect(EXPORT_COLUMNS).toContain(key);
    expect([...EXPORT_COLUMNS]).toEqual([
      'hostname',
      ...ROW_METRICS,
      ...words(`
        main_country main_country_traffic domain_language website_topic tld sponsor_tag_type
        link_type ip_address updated_at relevance_at is_back_linked competitors
      `),
    ]);
  });

  it('have unique keys and map to camelCase row properties', () => {
    expect(new Set(SITE_METRIC_KEYS).size).toBe(SITE_METRIC_KEYS.length);
    expect(SITE_METRIC_BY_KEY.tf_cf.kind).toBe('percent');
    expect(siteMetricProperty('ahrefs_keywords410')).toBe('ahrefsKeywords410');
    expect(siteMetricProperty('ahrefs_keywords_top3')).toBe('ahrefsKeywordsTop3');
    expect(siteMetricProperty('tf_cf')).toBe('tfCf');
  });
});

describe('the bounds of a range filter', () => {
  it('keeps ratings within 0 to 100 in whole numbers', () => {
    const score = metricFilterBounds('score');
    expect(clampToBounds(-5, score)).toBe(0);
    expect(clampToBounds(500, score)).toBe(100);
    expect(clampToBounds(20.4, score)).toBe(20);
    expect(clampToBounds(20.5, score)).toBe(21);
  });

  it('keeps counts whole and prices to the cent, neither negative nor capped', () => {
    expect(clampToBounds(-1, metricFilterBounds('count'))).toBe(0);
    expect(clampToBounds(1_000_000.7, metricFilterBounds('count'))).toBe(1_000_001);
    expect(clampToBounds(10.005, metricFilterBounds('money'))).toBe(10.01);
    expect(clampToBounds(0.1 + 0.2, metricFilterBounds('money'))).toBe(0.3);
    expect(clampToBounds(99999.99, metricFilterBounds('money'))).toBe(99999.99);
    expect(clampToBounds(0.125, metricFilterBounds('percent'))).toBe(0.125);
    expect(clampToBounds(-0.5, metricFilterBounds('percent'))).toBe(0);
  });
});
