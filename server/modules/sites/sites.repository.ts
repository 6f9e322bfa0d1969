import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import {
  blacklistedSites,
  buyerDomainReferents,
  buyerDomains,
  competitorGroups,
  competitorReferents,
  competitors,
  countries,
  favoriteSites,
  niches,
  sitePlacementPeriods,
  sitePrices,
  sites,
  websiteTopics,
} from '../../db/schema/index.ts';
import {
  containsPattern,
  GENERAL_NICHE_ID,
  generalPrice,
  joinsGeneralPrice,
  orderOf,
  priceOf,
  whereOf,
  type SiteSearch,
} from './site-query.ts';

/** The columns of a catalogue row, with the site's price for the search. */
function rowColumns(search: Pick<SiteSearch, 'priceNicheIds'>) {
  return {
    id: sites.id,
    hostname: sites.hostname,
    updatedAt: sites.updatedAt,
    relevanceAt: sites.relevanceAt,
    price: priceOf(search),
    ahrefsDomainRating: sites.ahrefsDomainRating,
    ahrefsReferringDomains: sites.ahrefsReferringDomains,
    ahrefsOrganicTraffic: sites.ahrefsOrganicTraffic,
    ahrefsUrlRating: sites.ahrefsUrlRating,
    ahrefsKeywordsTop3: sites.ahrefsKeywordsTop3,
    ahrefsKeywords410: sites.ahrefsKeywords410,
    ahrefsKeywordsTop10: sites.ahrefsKeywordsTop10,
    majesticCitationFlow: sites.majesticCitationFlow,
    majesticTrustFlow: sites.majesticTrustFlow,
    mozSpamScore: sites.mozSpamScore,
    mozDomainAuthority: sites.mozDomainAuthority,
    semrushAuthorityScore: sites.semrushAuthorityScore,
    tfCf: sites.tfCf,
    rdOt: sites.rdOt,
    ipAddress: sites.ipAddress,
    sponsorTagType: sites.sponsorTagType,
    linkType: sites.linkType,
    countryId: countries.id,
    countryTitle: countries.title,
    countryCode: countries.isoCode,
    mainCountryTraffic: sites.mainCountryTraffic,
    domainLanguage: sites.domainLanguage,
    websiteTopic: sites.websiteTopic,
    tld: sites.tld,
  };
}

/**
 * The General price joined to a statement that filters or sorts on it. The statements select
 * explicit fields, so the join leaves the shape of their rows as it is.
 */
function withGeneralPrice<T extends PgSelect>(query: T, search: SiteSearch): T {
  if (!joinsGeneralPrice(search)) return query;
  const joined: PgSelect = query.innerJoin(
    generalPrice,
    and(eq(generalPrice.siteId, sites.id), eq(generalPrice.nicheId, GENERAL_NICHE_ID)),
  );
  return joined as T;
}

/**
 * The two statements behind a page of the list: the total and the rows. The rows are found by
 * id first and only then read in full, so that skipped rows of a deep page cost no price or
 * country lookups. Kept apart from their execution so that benchmarks can time the bare SQL.
 */
export function sitePageStatements(
  db: Database,
  search: SiteSearch,
  { offset, limit }: { offset: number; limit: number },
) {
  const where = whereOf(search);
  const order = orderOf(search);
  const page = withGeneralPrice(db.select({ id: sites.id }).from(sites).$dynamic(), search)
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(limit)
    .as('page');
  const rows = withGeneralPrice(
    db
      .select(rowColumns(search))
      .from(sites)
      .innerJoin(page, eq(page.id, sites.id))
      .leftJoin(countries, eq(countries.id, sites.mainCountryId))
      .$dynamic(),
    search,
  ).orderBy(...order);
  return {
    total: withGeneralPrice(db.select({ total: count() }).from(sites).$dynamic(), search).where(
      where,
    ),
    rows,
  };
}

export async function findSitePage(
  db: Database,
  search: SiteSearch,
  page: { offset: number; limit: number },
) {
  const statements = sitePageStatements(db, search, page);
  const [totals, rows] = await Promise.all([statements.total, statements.rows]);
  return { total: totals[0]?.total ?? 0, rows };
}

export type SiteRow = Awaited<ReturnType<typeof findSitePage>>['rows'][number];

/** The per-buyer facts of a page of sites: marks, back-links and competitors. */
export interface SiteMarks {
  favorites: ReadonlySet<string>;
  blacklisted: ReadonlySet<string>;
  backLinkedHostnames: ReadonlySet<string>;
  competitorsByHostname: ReadonlyMap<string, string[]>;
}

export async function findSiteMarks(
  db: Database,
  { userId, buyerDomainId }: { userId: string; buyerDomainId: string | null },
  rows: readonly { id: string; hostname: string }[],
): Promise<SiteMarks> {
  const ids = rows.map((row) => row.id);
  const hostnames = rows.map((row) => row.hostname);
  if (ids.length === 0) {
    return {
      favorites: new Set(),
      blacklisted: new Set(),
      backLinkedHostnames: new Set(),
      competitorsByHostname: new Map(),
    };
  }
  const [favorites, blacklisted, referents, competitorRows] = await Promise.all([
    db
      .select({ siteId: favoriteSites.siteId })
      .from(favoriteSites)
      .where(and(eq(favoriteSites.userId, userId), inArray(favoriteSites.siteId, ids))),
    db
      .select({ siteId: blacklistedSites.siteId })
      .from(blacklistedSites)
      .where(and(eq(blacklistedSites.userId, userId), inArray(blacklistedSites.siteId, ids))),
    buyerDomainId
      ? db
          .select({ hostname: buyerDomainReferents.hostname })
          .from(buyerDomainReferents)
          .where(
            and(
              eq(buyerDomainReferents.buyerDomainId, buyerDomainId),
              inArray(buyerDomainReferents.hostname, hostnames),
            ),
          )
      : Promise.resolve([]),
    buyerDomainId
      ? db
          .selectDistinct({
            site: competitorReferents.hostname,
            competitor: competitors.hostname,
          })
          .from(competitorReferents)
          .innerJoin(competitors, eq(competitors.id, competitorReferents.competitorId))
          .innerJoin(competitorGroups, eq(competitorGroups.id, competitors.groupId))
          .where(
            and(
              eq(competitorGroups.buyerDomainId, buyerDomainId),
              inArray(competitorReferents.hostname, hostnames),
            ),
          )
          .orderBy(competitors.hostname)
      : Promise.resolve([]),
  ]);
  const competitorsByHostname = new Map<string, string[]>();
  for (const { site, competitor } of competitorRows) {
    competitorsByHostname.set(site, [...(competitorsByHostname.get(site) ?? []), competitor]);
  }
  return {
    favorites: new Set(favorites.map((row) => row.siteId)),
    blacklisted: new Set(blacklisted.map((row) => row.siteId)),
    backLinkedHostnames: new Set(referents.map((row) => row.hostname)),
    competitorsByHostname,
  };
}

export async function isDomainOfUser(
  db: Database,
  userId: string,
  buyerDomainId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: buyerDomains.id })
    .from(buyerDomains)
    .where(and(eq(buyerDomains.id, buyerDomainId), eq(buyerDomains.userId, userId)));
  return row !== undefined;
}

/** Titles of the website topics containing `term`, case-insensitively. */
export async function findTopicsContaining(db: Database, term: string): Promise<string[]> {
  const rows = await db
    .select({ title: websiteTopics.title })
    .from(websiteTopics)
    .where(ilike(websiteTopics.title, containsPattern(term)));
  return rows.map((row) => row.title);
}

/** Catalogue rows of the given sites with their General price, in no particular order. */
export async function findSiteRowsByIds(db: Database, ids: readonly string[]): Promise<SiteRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(rowColumns({ priceNicheIds: null }))
    .from(sites)
    .leftJoin(countries, eq(countries.id, sites.mainCountryId))
    .where(inArray(sites.id, [...ids]));
}

/** The parts of a site shown only on its detail. */
export async function findSiteExtras(db: Database, id: string) {
  const [row] = await db
    .select({
      comments: sites.comments,
      description: sites.description,
      lastPlacementAt: sites.lastPlacementAt,
      placementId: sitePlacementPeriods.id,
      placementTitle: sitePlacementPeriods.title,
    })
    .from(sites)
    .leftJoin(sitePlacementPeriods, eq(sitePlacementPeriods.id, sites.placementPeriodId))
    .where(eq(sites.id, id));
  return row;
}

/** The site's price in every niche it accepts, in the niches' order (General first). */
export function findSitePrices(db: Database, id: string) {
  return db
    .select({ price: sitePrices.price, nicheId: niches.id, nicheTitle: niches.title })
    .from(sitePrices)
    .innerJoin(niches, eq(niches.id, sitePrices.nicheId))
    .where(eq(sitePrices.siteId, id))
    .orderBy(asc(niches.position));
}

export interface NearestCandidate {
  id: string;
  value: number;
}

/**
 * Up to `limit` sites on each side of `target` by a metric, nearest first on each side, leaving
 * out the site itself and the caller's blacklist. Each side walks an index.
 */
export async function findNearestSites(
  db: Database,
  by: 'domain_rating' | 'price' | 'traffic',
  {
    target,
    siteId,
    userId,
    limit,
  }: { target: number; siteId: string; userId: string; limit: number },
): Promise<NearestCandidate[]> {
  const hidden = sql`(select ${blacklistedSites.siteId} from ${blacklistedSites} where ${blacklistedSites.userId} = ${userId})`;
  if (by === 'price') {
    const side = (above: boolean) =>
      db
        .select({ id: sitePrices.siteId, value: sitePrices.price })
        .from(sitePrices)
        .where(
          and(
            eq(sitePrices.nicheId, GENERAL_NICHE_ID),
            above ? gte(sitePrices.price, String(target)) : lt(sitePrices.price, String(target)),
            ne(sitePrices.siteId, siteId),
            sql`${sitePrices.siteId} not in ${hidden}`,
          ),
        )
        .orderBy(above ? asc(sitePrices.price) : desc(sitePrices.price), asc(sitePrices.siteId))
        .limit(limit);
    const rows = [...(await side(true)), ...(await side(false))];
    return rows.map((row) => ({ id: row.id, value: Number(row.value) }));
  }
  const column = by === 'domain_rating' ? sites.ahrefsDomainRating : sites.ahrefsOrganicTraffic;
  const side = (above: boolean) =>
    db
      .select({ id: sites.id, value: column })
      .from(sites)
      .where(
        and(
          above ? gte(column, target) : lt(column, target),
          ne(sites.id, siteId),
          sql`${sites.id} not in ${hidden}`,
        ),
      )
      .orderBy(above ? asc(column) : sql`${column} desc nulls last`, asc(sites.id))
      .limit(limit);
  return [...(await side(true)), ...(await side(false))];
}

/**
 * Hostnames standing in for the sites linking to a site. The demo catalogue has no link graph,
 * so they are catalogue sites picked by the site's own id: the sites whose ids follow a pivot
 * derived from it. The same site always shows the same sample.
 */
export async function findSampleReferringHostnames(
  db: Database,
  { siteId, pivot, limit }: { siteId: string; pivot: string; limit: number },
): Promise<string[]> {
  if (limit === 0) return [];
  const after = await db
    .select({ hostname: sites.hostname })
    .from(sites)
    .where(and(gte(sites.id, pivot), ne(sites.id, siteId)))
    .orderBy(asc(sites.id))
    .limit(limit);
  const before =
    after.length < limit
      ? await db
          .select({ hostname: sites.hostname })
          .from(sites)
          .where(and(lt(sites.id, pivot), ne(sites.id, siteId)))
          .orderBy(asc(sites.id))
          .limit(limit - after.length)
      : [];
  return [...after, ...before].map((row) => row.hostname).sort();
}
