// The catalogue as plain objects, read straight from the tables, so that tests can compute the
// expected answer of a list query with array filtering and sorting instead of SQL.
import { eq } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import {
  blacklistedSites,
  buyerDomainReferents,
  competitorGroups,
  competitorReferents,
  competitors,
  favoriteSites,
  sitePrices,
  sites,
  topLevelDomains,
} from '#server/db/schema/index.ts';
import { siteMetricValues } from '#server/db/site-metrics.ts';

export interface ModelSite {
  id: string;
  hostname: string;
  numbers: Record<string, number | null>;
  /** Price in cents per niche id. */
  prices: Map<string, number>;
  mainCountryId: string | null;
  tld: string;
  tldId: string;
  placementPeriodId: string | null;
  websiteTopic: string | null;
  domainLanguage: string | null;
  sponsorTagType: string;
  linkType: string;
  updatedAt: string;
  relevanceAt: string | null;
}

export interface CatalogueModel {
  sites: ModelSite[];
  favoritesOf(userId: string): Set<string>;
  blacklistOf(userId: string): Set<string>;
  referentsOf(buyerDomainId: string): Set<string>;
  /** Competitor hostnames of the domain's groups linked from each site hostname. */
  competitorsOf(buyerDomainId: string): Map<string, Set<string>>;
}

export async function loadCatalogueModel(db: Database): Promise<CatalogueModel> {
  const [siteRows, priceRows, tldRows, favorites, blacklist, referents, competitorRows] =
    await Promise.all([
      db.select().from(sites),
      db.select().from(sitePrices),
      db.select().from(topLevelDomains),
      db.select().from(favoriteSites),
      db.select().from(blacklistedSites),
      db.select().from(buyerDomainReferents),
      db
        .select({
          buyerDomainId: competitorGroups.buyerDomainId,
          competitor: competitors.hostname,
          site: competitorReferents.hostname,
        })
        .from(competitorReferents)
        .innerJoin(competitors, eq(competitors.id, competitorReferents.competitorId))
        .innerJoin(competitorGroups, eq(competitorGroups.id, competitors.groupId)),
    ]);
  const tldIds = new Map(tldRows.map((row) => [row.title, row.id]));
  const modelSites = siteRows.map((site): ModelSite => {
    const prices = new Map<string, number>();
    for (const price of priceRows) {
      if (price.siteId === site.id)
        prices.set(price.nicheId, Math.round(Number(price.price) * 100));
    }
    return {
      id: site.id,
      hostname: site.hostname,
      numbers: siteMetricValues(site),
      prices,
      mainCountryId: site.mainCountryId,
      tld: site.tld,
      tldId: tldIds.get(site.tld) ?? '',
      placementPeriodId: site.placementPeriodId,
      websiteTopic: site.websiteTopic,
      domainLanguage: site.domainLanguage,
      sponsorTagType: site.sponsorTagType,
      linkType: site.linkType,
      updatedAt: site.updatedAt,
      relevanceAt: site.relevanceAt,
    };
  });
  return {
    sites: modelSites,
    favoritesOf: (userId) =>
      new Set(favorites.filter((row) => row.userId === userId).map((row) => row.siteId)),
    blacklistOf: (userId) =>
      new Set(blacklist.filter((row) => row.userId === userId).map((row) => row.siteId)),
    referentsOf: (buyerDomainId) =>
      new Set(
        referents.filter((row) => row.buyerDomainId === buyerDomainId).map((row) => row.hostname),
      ),
    competitorsOf: (buyerDomainId) => {
      const bySite = new Map<string, Set<string>>();
      for (const row of competitorRows) {
        if (row.buyerDomainId !== buyerDomainId) continue;
        bySite.set(row.site, (bySite.get(row.site) ?? new Set()).add(row.competitor));
      }
      return bySite;
    },
  };
}

/** Plain comparison: missing values last, then ascending or descending, strings by code unit. */
export function compareValues(
  a: number | string | boolean | null,
  b: number | string | boolean | null,
  direction: 'ASC' | 'DESC',
): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const order = a < b ? -1 : 1;
  return direction === 'ASC' ? order : -order;
}
