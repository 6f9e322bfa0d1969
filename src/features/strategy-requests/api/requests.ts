import {
  type CreateStrategyRequest,
  strategyRequestEndpoints as endpoints,
  type StrategyRequestList,
} from '#contract/strategy-requests.ts';
import { apiClient } from '#src/lib/api-client.ts';

/** A buyer sends a few a day; one page shows the recent ones. */
export const STRATEGY_REQUEST_LIST_LIMIT = 10;

export function fetchStrategyRequests(signal?: AbortSignal): Promise<StrategyRequestList> {
  return apiClient.call(endpoints.list, {
    query: { page: 1, limit: STRATEGY_REQUEST_LIST_LIMIT },
    signal,
  });
}

export async function createStrategyRequest(body: CreateStrategyRequest): Promise<void> {
  await apiClient.call(endpoints.create, { body });
}
