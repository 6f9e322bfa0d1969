import { catalogueEndpoints, type SiteList } from '#contract/catalogue.ts';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/endpoint-schemas.ts';
import { favoriteEndpoints, type MarkScope } from '#contract/favorites.ts';
import { referenceDataEndpoints, type ReferenceItem } from '#contract/reference-data.ts';
import { type SiteDetail, siteDetailEndpoints } from '#contract/site-detail.ts';
import { apiClient } from '#src/lib/api-client.ts';

export type { ReferenceItem };

/** A page of the catalogue; `query` as `serverQueryString` writes it. */
export function fetchSites(query: string, signal?: AbortSignal): Promise<SiteList> {
  return apiClient.call(catalogueEndpoints.list, { query, signal });
}

export type SiteMark = 'favorites' | 'blacklists';

/**
 * Adds the sites to, or removes them from, the buyer's favourites or blacklist, or their company's
 * (`scope`). The key makes a repeat after a lost answer safe (the server answers it like the first
 * send).
 */
export function markSites(
  mark: SiteMark,
  ids: string[],
  value: boolean,
  idempotencyKey: string,
  scope: MarkScope = 'personal',
): Promise<unknown> {
  const endpoints = favoriteEndpoints.marks[mark];
  return apiClient.call(value ? endpoints.add : endpoints.remove, {
    body: scope === 'company' ? { ids, scope } : { ids },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Reference data lists of spec §7 used by the filter panel. */
export type ReferenceKind = 'countries' | 'niches' | 'tlds' | 'placements' | 'languages' | 'topics';

export async function fetchReference(
  kind: ReferenceKind,
  signal?: AbortSignal,
): Promise<ReferenceItem[]> {
  const body = await apiClient.call(referenceDataEndpoints[kind], { signal });
  return body.data;
}

/** The TLD lookup of spec §7: `filter[search]` against the top-level-domain list. */
export async function searchTlds(term: string, signal?: AbortSignal): Promise<ReferenceItem[]> {
  const body = await apiClient.call(referenceDataEndpoints.tlds, {
    query: { filter: { search: term } },
    signal,
  });
  return body.data;
}

export function fetchSiteDetail(
  id: string,
  buyerDomain: string | null,
  signal?: AbortSignal,
): Promise<SiteDetail> {
  return apiClient.call(siteDetailEndpoints.detail, {
    params: { id },
    query: buyerDomain ? { buyer_domain: buyerDomain } : undefined,
    signal,
  });
}
