import {
  type PurchaseRequest,
  purchaseRequestEndpoints as endpoints,
  type PurchaseRequestQuery,
} from '#contract/purchase-requests.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function fetchPurchaseRequests(view: PurchaseRequestQuery['view'], signal?: AbortSignal) {
  return apiClient.call(endpoints.list, { query: { view, page: 1, limit: 50 }, signal });
}

/** The number of requests waiting for the caller's decision, in every company they approve for. */
export async function fetchPendingDecisions(signal?: AbortSignal): Promise<number> {
  const list = await apiClient.call(endpoints.list, {
    query: { view: 'to_decide', status: 'pending', page: 1, limit: 1 },
    signal,
  });
  return list.pagination.total;
}

export function approvePurchaseRequest(id: string, key: string): Promise<PurchaseRequest> {
  return apiClient.call(endpoints.approve, {
    params: { id },
    headers: { 'Idempotency-Key': key },
  });
}

export function declinePurchaseRequest(id: string, reason: string): Promise<PurchaseRequest> {
  return apiClient.call(endpoints.decline, { params: { id }, body: { reason } });
}
