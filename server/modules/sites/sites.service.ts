import { createHash } from 'node:crypto';

import {
  ADDITIONAL_FILTER_KEYS,
  LINK_TYPES,
  type Site,
  SITE_DEFAULT_PAGE_SIZE,
  type SiteList,
  type SiteListQuery,
  SPONSOR_TAG_TYPES,
} from '#contract/catalogue.ts';
import type { Violation } from '#contract/errors.ts';
import {
  SIMILAR_DEFAULT_LIMIT,
  type SimilarBy,
  type SimilarSites,
  type SimilarSitesQuery,
  type SiteDetail,
} from '#contract/site-detail.ts';
import type { Database } from '#server/db/database.ts';
import { joinedOrNull } from '#server/db/left-join.ts';
import { siteMetricValues } from '#server/db/site-metrics.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { VALIDATION_FAILED_MESSAGE } from '#server/http/validation.ts';

import { createSiteCounter, type SiteCounter } from './site-count.ts';
import { type SiteSearch, UUID } from './site-query.ts';
import {
  findExistingSiteIds,
  findNearestSites,
  findSampleReferringHostnames,
  findSiteExtras,
  findSiteMarks,
  findSitePage,
  findSitePrices,
  findSiteRowsByIds,
  findTopicsContaining,
  isDomainOfUser,
  type SiteMarks,
  sitePageStatements,
  type SiteRow,
} from './sites.repository.ts';

export const BUYER_DOMAIN_NOT_FOUND_MESSAGE = 'This domain is not one of your domains.';
export const BUYER_DOMAIN_REQUIRED_MESSAGE = 'Choose one of your domains to use this filter.';
export const INVALID_ID_MESSAGE = 'This value is not a valid UUID.';
export const INVALID_OPTION_MESSAGE = 'The value you selected is not a valid choice.';
export const SITE_NOT_FOUND_MESSAGE = 'Site not found.';

/** How many referring hostnames the detail shows at most. */
const REFERRING_SAMPLE_SIZE = 10;

/** A UUID-shaped point derived from a site id, where its sample of referring hostnames starts. */
function pivotOf(siteId: string): string {
  const hex = createHash('sha256').update(`referring:${siteId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export interface SitesService {
  listSites(userId: string, query: SiteListQuery): Promise<SiteList>;
  getSite(userId: string, siteId: string, buyerDomainId: string | undefined): Promise<SiteDetail>;
  similarSites(userId: string, query: SimilarSitesQuery): Promise<SimilarSites>;
  /** Checks a list query against the caller's data; throws a 400 naming the wrong parameter. */
  resolveSearch(userId: string, query: SiteListQuery): Promise<SiteSearch>;
  /** How many sites a resolved search finds, counted afresh (not from the shared counts). */
  countSites(search: SiteSearch): Promise<number>;
  /** One slice of the sites a resolved search finds, in its order. */
  sitesAt(search: SiteSearch, page: { offset: number; limit: number }): Promise<Site[]>;
  /**
   * These sites in the order of `ids`, priced and marked as the resolved search shows them,
   * whatever its filter; an id that is no site is left out.
   */
  sitesWithIds(search: SiteSearch, ids: readonly string[]): Promise<Site[]>;
  /** Which of these ids are sites. */
  existingSiteIds(ids: readonly string[]): Promise<ReadonlySet<string>>;
}

/** What the catalogue's functions read with: the database, and the counter of list totals. */
export interface SitesDeps {
  db: Database;
  /** Counts the totals of the list; one per process, so that the shared counts are reused. */
  counter: SiteCounter;
}

/** Checks a list query against the caller's data; throws a 400 naming the wrong parameter. */
export async function resolveSearch(
  { db }: Pick<SitesDeps, 'db'>,
  userId: string,
  query: SiteListQuery,
): Promise<SiteSearch> {
  const filter = query.filter ?? {};
  const violations: Violation[] = [];
  const requireIds = (key: 'main_countries' | 'niche' | 'placements') => {
    filter[key]?.forEach((value, index) => {
      if (!UUID.test(value)) {
        violations.push({ path: `filter[${key}][${index}]`, message: INVALID_ID_MESSAGE });
      }
    });
  };
  const requireOptions = (key: 'sponsor_tag_types' | 'link_types', options: readonly string[]) => {
    filter[key]?.forEach((value, index) => {
      if (!options.includes(value)) {
        violations.push({ path: `filter[${key}][${index}]`, message: INVALID_OPTION_MESSAGE });
      }
    });
  };
  requireIds('main_countries');
  requireIds('niche');
  requireIds('placements');
  requireOptions('sponsor_tag_types', SPONSOR_TAG_TYPES);
  requireOptions('link_types', LINK_TYPES);

  const buyerDomainId = filter.buyer_domain ?? null;
  if (buyerDomainId !== null && !(await isDomainOfUser(db, userId, buyerDomainId))) {
    violations.push({ path: 'filter[buyer_domain]', message: BUYER_DOMAIN_NOT_FOUND_MESSAGE });
  }
  if (buyerDomainId === null) {
    for (const key of ADDITIONAL_FILTER_KEYS) {
      if (filter[key] !== undefined) {
        violations.push({ path: `filter[${key}]`, message: BUYER_DOMAIN_REQUIRED_MESSAGE });
      }
    }
  }
  if (violations.length > 0) {
    throw new ApiError(400, VALIDATION_FAILED_MESSAGE, { violations });
  }
  return {
    userId,
    buyerDomainId,
    filter,
    priceNicheIds: filter.niche && filter.niche.length > 0 ? filter.niche : null,
    sorting: query.sorting ?? {},
    searchTopics: filter.search ? await findTopicsContaining(db, filter.search) : [],
  };
}

/** The buyer's own domain the answer is shown for, or a 400 when it is not theirs. */
async function requireOwnDomain(
  { db }: Pick<SitesDeps, 'db'>,
  userId: string,
  buyerDomainId: string | undefined,
): Promise<string | null> {
  if (buyerDomainId === undefined) return null;
  if (!(await isDomainOfUser(db, userId, buyerDomainId))) {
    throw new ApiError(400, VALIDATION_FAILED_MESSAGE, {
      violations: [{ path: 'buyer_domain', message: BUYER_DOMAIN_NOT_FOUND_MESSAGE }],
    });
  }
  return buyerDomainId;
}

/** The `limit` sites nearest to `site` by a metric, nearest first, ties by id. */
async function nearest(
  { db }: Pick<SitesDeps, 'db'>,
  userId: string,
  site: SiteRow,
  by: SimilarBy,
  limit: number,
): Promise<string[]> {
  const target =
    by === 'domain_rating'
      ? site.ahrefsDomainRating
      : by === 'price'
        ? Number(site.price ?? 0)
        : site.ahrefsOrganicTraffic;
  const candidates = await findNearestSites(db, by, { target, siteId: site.id, userId, limit });
  return candidates
    .sort(
      (a, b) =>
        Math.abs(a.value - target) - Math.abs(b.value - target) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(0, limit)
    .map((candidate) => candidate.id);
}

async function siteRow({ db }: Pick<SitesDeps, 'db'>, siteId: string): Promise<SiteRow> {
  const [row] = await findSiteRowsByIds(db, [siteId]);
  if (!row) throw notFound(SITE_NOT_FOUND_MESSAGE);
  return row;
}

/** Rows in the order of `ids`, with the caller's marks; an id that is no site is left out. */
async function sitesInOrder(
  { db }: Pick<SitesDeps, 'db'>,
  context: { userId: string; buyerDomainId: string | null },
  ids: readonly string[],
  priceNicheIds: readonly string[] | null = null,
): Promise<Site[]> {
  const rows = await findSiteRowsByIds(db, ids, priceNicheIds);
  const marks = await findSiteMarks(db, context, rows);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSite(row, marks)] : [];
  });
}

/** A site's detail (spec §2 "Site detail"): prices, extras, referring domains, similar sites. */
export async function getSite(
  deps: Pick<SitesDeps, 'db'>,
  userId: string,
  siteId: string,
  requestedDomainId: string | undefined,
): Promise<SiteDetail> {
  const { db } = deps;
  const buyerDomainId = await requireOwnDomain(deps, userId, requestedDomainId);
  const row = await siteRow(deps, siteId);
  const [extras, prices, byDomainRating, byPrice, byTraffic, referringDomains] = await Promise.all([
    findSiteExtras(db, siteId),
    findSitePrices(db, siteId),
    nearest(deps, userId, row, 'domain_rating', SIMILAR_DEFAULT_LIMIT),
    nearest(deps, userId, row, 'price', SIMILAR_DEFAULT_LIMIT),
    nearest(deps, userId, row, 'traffic', SIMILAR_DEFAULT_LIMIT),
    findSampleReferringHostnames(db, {
      siteId,
      pivot: pivotOf(siteId),
      limit: Math.min(REFERRING_SAMPLE_SIZE, row.ahrefsReferringDomains),
    }),
  ]);
  const context = { userId, buyerDomainId };
  const [[site], similarByDr, similarByPrice, similarByTraffic] = await Promise.all([
    sitesInOrder(deps, context, [siteId]),
    sitesInOrder(deps, context, byDomainRating),
    sitesInOrder(deps, context, byPrice),
    sitesInOrder(deps, context, byTraffic),
  ]);
  if (!site || !extras) throw notFound(SITE_NOT_FOUND_MESSAGE);
  return {
    ...site,
    prices: prices.map((price) => ({
      price: price.price,
      niche: { id: price.nicheId, title: price.nicheTitle },
    })),
    accepted_niches: prices.map((price) => ({ id: price.nicheId, title: price.nicheTitle })),
    comments: extras.comments,
    description: extras.description,
    placement_period: joinedOrNull({ id: extras.placementId, title: extras.placementTitle }),
    last_placement_at: extras.lastPlacementAt,
    referring_domains: referringDomains,
    similar: {
      by_domain_rating: similarByDr,
      by_price: similarByPrice,
      by_traffic: similarByTraffic,
    },
  };
}

/** The sites nearest to one site by a metric. */
export async function similarSites(
  deps: Pick<SitesDeps, 'db'>,
  userId: string,
  query: SimilarSitesQuery,
): Promise<SimilarSites> {
  const row = await siteRow(deps, query.site);
  const ids = await nearest(deps, userId, row, query.by, query.limit ?? SIMILAR_DEFAULT_LIMIT);
  return { data: await sitesInOrder(deps, { userId, buyerDomainId: null }, ids) };
}

/** How many sites a resolved search finds, counted afresh (not from the shared counts). */
export async function countSites(
  { db }: Pick<SitesDeps, 'db'>,
  search: SiteSearch,
): Promise<number> {
  const [totals] = await sitePageStatements(db, search, { offset: 0, limit: 1 }).total;
  return totals?.total ?? 0;
}

/** One slice of the sites a resolved search finds, in its order. */
export async function sitesAt(
  { db }: Pick<SitesDeps, 'db'>,
  search: SiteSearch,
  page: { offset: number; limit: number },
): Promise<Site[]> {
  const rows = await sitePageStatements(db, search, page).rows;
  const marks = await findSiteMarks(db, search, rows);
  return rows.map((row) => toSite(row, marks));
}

/** One page of the catalogue (spec §2), with its total. */
export async function listSites(
  deps: SitesDeps,
  userId: string,
  query: SiteListQuery,
): Promise<SiteList> {
  const { db, counter } = deps;
  const search = await resolveSearch(deps, userId, query);
  const limit = query.limit ?? SITE_DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const { total, rows } = await findSitePage(
    db,
    search,
    { offset: (page - 1) * limit, limit },
    counter,
  );
  const marks = await findSiteMarks(db, search, rows);
  return { data: rows.map((row) => toSite(row, marks)), pagination: { page, limit, total } };
}

/** The catalogue's service: its functions bound to one database and one counter of totals. */
export function createSitesService({
  db,
  counter = createSiteCounter(),
}: {
  db: Database;
  /** Counts the totals of the list; one per process, so that the shared counts are reused. */
  counter?: SiteCounter;
}): SitesService {
  const deps: SitesDeps = { db, counter };
  return {
    listSites: (userId, query) => listSites(deps, userId, query),
    getSite: (userId, siteId, buyerDomainId) => getSite(deps, userId, siteId, buyerDomainId),
    similarSites: (userId, query) => similarSites(deps, userId, query),
    resolveSearch: (userId, query) => resolveSearch(deps, userId, query),
    countSites: (search) => countSites(deps, search),
    sitesAt: (search, page) => sitesAt(deps, search, page),
    sitesWithIds: (search, ids) => sitesInOrder(deps, search, ids, search.priceNicheIds),
    existingSiteIds: (ids) => findExistingSiteIds(db, ids),
  };
}

export function toSite(row: SiteRow, marks: SiteMarks): Site {
  return {
    id: row.id,
    hostname: row.hostname,
    is_back_linked: marks.backLinkedHostnames.has(row.hostname),
    is_in_blacklist: marks.blacklisted.has(row.id),
    is_marked_as_favorite: marks.favorites.has(row.id),
    is_in_company_blacklist: marks.companyBlacklisted.has(row.id),
    is_company_favorite: marks.companyFavorites.has(row.id),
    competitors: (marks.competitorsByHostname.get(row.hostname) ?? []).map((hostname) => ({
      hostname,
    })),
    updated_at: row.updatedAt,
    relevance_at: row.relevanceAt,
    price: row.price ?? '0.00',
    ...siteMetricValues(row),
    ip_address: row.ipAddress,
    sponsor_tag_type: row.sponsorTagType,
    link_type: row.linkType,
    main_country: joinedOrNull({
      id: row.countryId,
      title: row.countryTitle,
      code: row.countryCode,
    }),
    domain_language: row.domainLanguage,
    website_topic: row.websiteTopic,
    tld: row.tld,
  };
}
