import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchBuyerDomains, type DomainListParams } from './requests.ts';

/** Enough to list every domain of a buyer in a selector. */
export const DOMAIN_SELECT_LIMIT = 100;

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
};
