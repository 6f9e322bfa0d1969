import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, sql } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import { containsPattern } from '#server/db/like-pattern.ts';
import {
  buyerDomainReferents,
  buyerDomains,
  competitorGroups,
  competitorReferents,
  competitors,
  countries,
  niches,
  sitePlacementPeriods,
  sitePrices,
  sites,
  websiteTopics,
} from '#server/db/schema/index.ts';
import { findSiteMarksOf, markedSiteIds } from '#server/db/site-marks.ts';
import { SITE_METRIC_COLUMNS } from '#server/db/site-metrics.ts';

import type { SiteCounter } from './site-count.ts';
import { orderOf, priceOf, type SiteSearch, whereOf } from './site-query.ts';

/** The columns of a catalogue row, with the site's price for the search. */
function rowColumns(search: Pick<SiteSearch, 'priceNicheIds'>) {
  return {
    id: sites.id,
    hostname: sites.hostname,
    updatedAt: sites.updatedAt,
    relevanceAt: sites.relevanceAt,
    price: priceOf(search),
    ...SITE_METRIC_COLUMNS,
    ipAddress: sites.ipAddress,
    sponsorTagType: sites.sponsorTagType,
    linkType: sites.linkType,
    countryId: countries.id,
    countryTitle: countries.title,
    countryCode: countries.isoCode,
    domainLanguage: sites.domainLanguage,
    websiteTopic: sites.websiteTopic,
    tld: sites.tld,
  };
}

/**
 * The two statements behind a page of the list: the total and the rows. The rows are found by
 * id first (an index-only walk for the usual sorts, or a merge over DR values, see
 * priceWithinDomainRating) and only then read in full, so that skipped rows of a deep page cost
 * no niche price or country lookups. The total is the plain exact count (the list itself counts
 * through site-count.ts). Kept apart from their execution so that benchmarks can time the bare
 * SQL.
 */
export function sitePageStatements(
  db: Database,
  search: SiteSearch,
  { offset, limit }: { offset: number; limit: number },
) {
  const where = whereOf(search);
  const order = orderOf(search);
  const groups = priceWithinDomainRating(search, offset + limit);
  const pageIds = groups
    ? sql`(select ${sql.identifier('cheapest')}.id from generate_series(${groups.from}::int, ${groups.to}::int) as ${sql.identifier('dr_group')}(value)
          cross join lateral (
            select ${sites.id} as id, ${sites.generalPrice} as price from ${sites}
            where ${sites.ahrefsDomainRating} = ${sql.identifier('dr_group')}.value and ${where}
            order by ${sites.generalPrice} asc, ${sites.id} asc
            limit ${offset + limit}
          ) as ${sql.identifier('cheapest')}
          order by ${sql.identifier('cheapest')}.price asc, ${sql.identifier('cheapest')}.id asc
          offset ${offset} limit ${limit})`
    : sql`(${db
        .select({ id: sites.id })
        .from(sites)
        .where(where)
        .orderBy(...order)
        .offset(offset)
        .limit(limit)})`;
  const rows = db
    .select(rowColumns(search))
    .from(sites)
    .leftJoin(countries, eq(countries.id, sites.mainCountryId))
    .where(sql`${sites.id} in ${pageIds}`)
    .orderBy(...order);
  return {
    total: db.select({ total: count() }).from(sites).where(where),
    rows,
  };
}

/** Up to this many rows (offset + limit) are read per DR value when merging by DR value. */
const MERGE_MAX_ROWS = 1_000;

/**
 * Whether a page is read as a merge over DR values, and over which ones: a list sorted by the
 * General price alone (ascending) and filtered on a DR range. The price order puts cheap, low-DR
 * sites first, so walking it to find sites of DR 30 and above passes most of the catalogue. Per DR
 * value the `(ahrefs_domain_rating, general_price, id)` index gives the cheapest matching sites in
 * order; the page is the first rows of the union of each value's first offset + limit rows, which
 * is exactly the first rows of the whole order (the id breaks ties the same way in both).
 */
function priceWithinDomainRating(
  search: SiteSearch,
  rows: number,
): { from: number; to: number } | null {
  const range = search.filter.ahrefs_domain_rating;
  const columns = Object.keys(search.sorting);
  if (columns.length !== 1 || search.sorting.price !== 'ASC') return null;
  if (search.priceNicheIds || !range || rows > MERGE_MAX_ROWS) return null;
  if (range.min === undefined && range.max === undefined) return null;
  // DR is a whole number from 0 to 100 (a check constraint of sites).
  const from = Math.max(0, Math.ceil(Number(range.min ?? 0)));
  const to = Math.min(100, Math.floor(Number(range.max ?? 100)));
  return { from, to };
}

/** A page of the list with its exact total, counted through `counter` (see site-count.ts). */
export async function findSitePage(
  db: Database,
  search: SiteSearch,
  page: { offset: number; limit: number },
  counter: SiteCounter,
) {
  const statements = sitePageStatements(db, search, page);
  const [total, rows] = await Promise.all([counter.count(db, search), statements.rows]);
  return { total, rows };
}

export type SiteRow = Awaited<ReturnType<typeof findSitePage>>['rows'][number];

/** The per-buyer facts of a page of sites: marks, back-links and competitors. */
export interface SiteMarks {
  favorites: ReadonlySet<string>;
  blacklisted: ReadonlySet<string>;
  /** Marked for the caller's current company account (decision 207). */
  companyFavorites: ReadonlySet<string>;
  companyBlacklisted: ReadonlySet<string>;
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
      companyFavorites: new Set(),
      companyBlacklisted: new Set(),
      backLinkedHostnames: new Set(),
      competitorsByHostname: new Map(),
    };
  }
  const [favorites, blacklisted, referents, competitorRows] = await Promise.all([
    findSiteMarksOf(db, 'favorites', userId, ids),
    findSiteMarksOf(db, 'blacklists', userId, ids),
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
    favorites: favorites.personal,
    blacklisted: blacklisted.personal,
    companyFavorites: favorites.company,
    companyBlacklisted: blacklisted.company,
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
    .where(
      and(
        eq(buyerDomains.id, buyerDomainId),
        eq(buyerDomains.userId, userId),
        // A deleted domain is answered like an unknown one (decision 054).
        isNull(buyerDomains.archivedAt),
      ),
    );
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
/** The rows of these sites, priced as the General price or, given niches, their lowest among them. */
export async function findSiteRowsByIds(
  db: Database,
  ids: readonly string[],
  priceNicheIds: readonly string[] | null = null,
): Promise<SiteRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(rowColumns({ priceNicheIds }))
    .from(sites)
    .leftJoin(countries, eq(countries.id, sites.mainCountryId))
    .where(inArray(sites.id, [...ids]));
}

/** Which of these ids are sites of the catalogue. */
export async function findExistingSiteIds(
  db: Database,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(inArray(sites.id, [...ids]));
  return new Set(rows.map((row) => row.id));
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
  const hidden = markedSiteIds('blacklists', userId);
  if (by === 'price') {
    const price = sites.generalPrice;
    const side = (above: boolean) =>
      db
        .select({ id: sites.id, value: price })
        .from(sites)
        .where(
          and(
            above ? gte(price, String(target)) : lt(price, String(target)),
            ne(sites.id, siteId),
            sql`${sites.id} not in ${hidden}`,
          ),
        )
        .orderBy(above ? asc(price) : desc(price), asc(sites.id))
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
