import { BuyerDomainListSchema, type BuyerDomainList } from '#contract/domains.ts';
import { apiClient } from '#src/lib/api-client.ts';

export interface DomainListParams {
  page: number;
  limit: number;
}

export function fetchBuyerDomains(
  params: DomainListParams,
  signal?: AbortSignal,
): Promise<BuyerDomainList> {
  return apiClient.request('/v1/buyer/domains', {
    query: { page: params.page, limit: params.limit },
    schema: BuyerDomainListSchema,
    signal,
  });
}
