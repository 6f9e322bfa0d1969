import { sql } from 'drizzle-orm';

import { centsToMoney } from '#contract/money.ts';
import { siteMetricProperty, STORED_SITE_METRICS } from '#contract/site-metrics.ts';

import type { Database } from '../database.ts';
import { NICHES, type NicheSlug, referenceIds } from '../reference-data.ts';
import { SITE_METRIC_SQL_TYPES } from '../site-metrics.ts';
import { type BulkColumn, bulkInsert } from './bulk-insert.ts';
import type { Random } from './random.ts';
import { createSiteGenerator, type GeneratedSite } from './site-generator.ts';

const BATCH_SIZE = 5_000;

export const SITE_COLUMNS: readonly BulkColumn<GeneratedSite>[] = [
  { name: 'id', type: 'uuid', value: (s) => s.id },
  { name: 'hostname', type: 'text', value: (s) => s.hostname },
  ...STORED_SITE_METRICS.map((metric): BulkColumn<GeneratedSite> => ({
    name: metric.key,
    type: SITE_METRIC_SQL_TYPES[metric.kind],
    value: (s) => s[siteMetricProperty(metric.key)],
  })),
  { name: 'ip_address', type: 'inet', value: (s) => s.ipAddress },
  { name: 'sponsor_tag_type', type: 'sponsor_tag_type', value: (s) => s.sponsorTagType },
  { name: 'link_type', type: 'link_type', value: (s) => s.linkType },
  { name: 'main_country_id', type: 'uuid', value: (s) => s.mainCountryId },
  { name: 'domain_language', type: 'text', value: (s) => s.domainLanguage },
  { name: 'website_topic', type: 'text', value: (s) => s.websiteTopic },
  { name: 'tld', type: 'text', value: (s) => s.tld },
  { name: 'placement_period_id', type: 'uuid', value: (s) => s.placementPeriodId },
  { name: 'last_placement_at', type: 'date', value: (s) => s.lastPlacementAt },
  { name: 'updated_at', type: 'date', value: (s) => s.updatedAt },
  { name: 'relevance_at', type: 'date', value: (s) => s.relevanceAt },
  { name: 'comments', type: 'text', value: (s) => s.comments },
  { name: 'description', type: 'text', value: (s) => s.description },
  // The General price travels with the site row, so the price triggers on site_prices find it
  // already in place and rewrite no site.
  {
    name: 'general_price',
    type: 'numeric(12,2)',
    value: (s) => {
      const cents = s.pricesInCents.general;
      return cents === undefined ? null : centsToMoney(cents);
    },
  },
];

export interface PriceRow {
  siteId: string;
  nicheId: string;
  cents: number;
}

export const PRICE_COLUMNS: readonly BulkColumn<PriceRow>[] = [
  { name: 'site_id', type: 'uuid', value: (p) => p.siteId },
  { name: 'niche_id', type: 'uuid', value: (p) => p.nicheId },
  { name: 'price', type: 'numeric(12,2)', value: (p) => centsToMoney(p.cents) },
];

export interface DemoSitesOptions {
  random: Random;
  today: Date;
  count: number;
  onProgress: (message: string) => void;
}

/** Inserts `count` generated sites with their prices and returns their hostnames in order. */
export async function seedDemoSites(db: Database, options: DemoSitesOptions): Promise<string[]> {
  const nextSite = createSiteGenerator({ random: options.random, today: options.today });
  const hostnames: string[] = [];
  for (let done = 0; done < options.count;) {
    const batch = Array.from({ length: Math.min(BATCH_SIZE, options.count - done) }, nextSite);
    await bulkInsert(db, 'sites', SITE_COLUMNS, batch);
    await bulkInsert(db, 'site_prices', PRICE_COLUMNS, batch.flatMap(priceRows));
    for (const site of batch) hostnames.push(site.hostname);
    done += batch.length;
    options.onProgress(`Seeding sites ${done}/${options.count}`);
  }
  // The version triggers do not fire while a bulk load skips triggers: raise it here, so that
  // no count kept for the catalogue before the load is used after it.
  await db.execute(sql`update catalogue_state set version = version + 1`);
  return hostnames;
}

export function priceRows(site: GeneratedSite): PriceRow[] {
  return NICHES.flatMap(({ slug }) => {
    const cents = site.pricesInCents[slug as NicheSlug];
    return cents === undefined
      ? []
      : [{ siteId: site.id, nicheId: referenceIds.niche(slug), cents }];
  });
}
