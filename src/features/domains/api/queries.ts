import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { type DomainListParams, fetchBuyerDomains, fetchCompetitorGroups } from './requests.ts';

/** Enough to list every domain of a buyer in a selector. */
export const DOMAIN_SELECT_LIMIT = 100;
/** Competitor groups are few per domain; one page holds them all. */
export const COMPETITOR_GROUP_LIMIT = 100;

export const domainQueries = {
  all: () => ['buyer', 'domains'] as const,
  list: (params: DomainListParams) =>
    queryOptions({
      queryKey: [...domainQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) => fetchBuyerDomains(params, signal),
      placeholderData: keepPreviousData,
    }),
  /** Every domain of the buyer, for a selector. */
  selectable: () => domainQueries.list({ page: 1, limit: DOMAIN_SELECT_LIMIT }),
  competitorGroups: () => [...domainQueries.all(), 'competitor-groups'] as const,
  /** The groups of one domain, or of every domain without an id. */
  groupsOf: (buyerDomain: string | null) =>
    queryOptions({
      queryKey: [...domainQueries.competitorGroups(), buyerDomain] as const,
      queryFn: ({ signal }) =>
        fetchCompetitorGroups(
          { buyerDomain: buyerDomain ?? undefined, page: 1, limit: COMPETITOR_GROUP_LIMIT },
          signal,
        ),
    }),
};
