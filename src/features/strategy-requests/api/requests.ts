import {
  StrategyRequestListSchema,
  type CreateStrategyRequest,
  type StrategyRequestList,
} from '#contract/strategy-requests.ts';
import { apiClient } from '#src/lib/api-client.ts';

const STRATEGY_REQUESTS = '/v1/buyer/strategy-requests';
/** A buyer sends a few a day; one page shows the recent ones. */
export const STRATEGY_REQUEST_LIST_LIMIT = 10;

export function fetchStrategyRequests(signal?: AbortSignal): Promise<StrategyRequestList> {
  return apiClient.request(STRATEGY_REQUESTS, {
    query: { page: 1, limit: STRATEGY_REQUEST_LIST_LIMIT },
    schema: StrategyRequestListSchema,
    signal,
  });
}

export async function createStrategyRequest(body: CreateStrategyRequest): Promise<void> {
  await apiClient.request(STRATEGY_REQUESTS, { method: 'POST', body });
}
