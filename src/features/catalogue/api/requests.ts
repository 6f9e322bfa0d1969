import { SiteListSchema, type SiteList } from '#contract/catalogue.ts';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/orders.ts';
import { ReferenceListSchema, type ReferenceItem } from '#contract/reference-data.ts';
import { SiteDetailSchema, type SiteDetail } from '#contract/site-detail.ts';
import { apiClient } from '#src/lib/api-client.ts';

export type { ReferenceItem };

export function fetchSites(serverQuery: string, signal?: AbortSignal): Promise<SiteList> {
  return apiClient.request('/v1/buyer/sites', {
    query: new URLSearchParams(serverQuery),
    schema: SiteListSchema,
    signal,
  });
}

export type SiteMark = 'favorites' | 'blacklists';

/**
 * Adds the sites to, or removes them from, the buyer's favourites or blacklist. The key makes a
 * repeat after a lost answer safe (the server answers it like the first send).
 */
export function markSites(
  mark: SiteMark,
  ids: string[],
  value: boolean,
  idempotencyKey: string,
): Promise<unknown> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
  return value
    ? apiClient.request(`/v1/buyer/sites/${mark}`, { method: 'POST', body: { ids }, headers })
    : apiClient.request(`/v1/buyer/sites/${mark}/removals`, {
        method: 'PUT',
        body: { ids },
        headers,
      });
}

/** Reference data lists of spec §7 used by the filter panel. */
export const REFERENCE_PATHS = {
  countries: '/v1/common/countries',
  niches: '/v1/common/niches',
  tlds: '/v1/common/top-level-domains',
  placements: '/v1/common/site-placement-periods',
  languages: '/v1/common/sites/domain-languages',
  topics: '/v1/common/sites/website-topics',
} as const;
export type ReferenceKind = keyof typeof REFERENCE_PATHS;

export async function fetchReference(
  kind: ReferenceKind,
  signal?: AbortSignal,
): Promise<ReferenceItem[]> {
  const body = await apiClient.request(REFERENCE_PATHS[kind], {
    schema: ReferenceListSchema,
    signal,
  });
  return body.data;
}

/** The TLD lookup of spec §7: `filter[search]` against the top-level-domain list. */
export async function searchTlds(term: string, signal?: AbortSignal): Promise<ReferenceItem[]> {
  const body = await apiClient.request(REFERENCE_PATHS.tlds, {
    query: { 'filter[search]': term },
    schema: ReferenceListSchema,
    signal,
  });
  return body.data;
}

export function fetchSiteDetail(
  id: string,
  buyerDomain: string | null,
  signal?: AbortSignal,
): Promise<SiteDetail> {
  return apiClient.request(`/v1/buyer/sites/${encodeURIComponent(id)}`, {
    query: buyerDomain ? { buyer_domain: buyerDomain } : undefined,
    schema: SiteDetailSchema,
    signal,
  });
}
