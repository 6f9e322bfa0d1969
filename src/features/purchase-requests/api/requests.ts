import {
  type PurchaseRequest,
  purchaseRequestEndpoints as endpoints,
  type PurchaseRequestQuery,
} from '#contract/purchase-requests.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function fetchPurchaseRequests(view: PurchaseRequestQuery['view'], signal?: AbortSignal) {
  return apiClient.call(endpoints.list, { query: { view, page: 1, limit: 50 }, signal });
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
