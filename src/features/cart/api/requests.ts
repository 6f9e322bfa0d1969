import {
  cartEndpoints as endpoints,
  type CartItem,
  type CartItemList,
  type CartItemUpdate,
  type CartLineCreate,
  type CartSites,
} from '#contract/cart.ts';
import { type ContentProductPlan, referenceDataEndpoints } from '#contract/reference-data.ts';
import { apiClient } from '#src/lib/api-client.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface CartPage {
  page: number;
  limit: number;
}

export function fetchCartItems(
  { page, limit }: CartPage,
  signal?: AbortSignal,
): Promise<CartItemList> {
  return apiClient.call(endpoints.items, { query: { limit, page }, signal });
}

export function fetchCartSites(signal?: AbortSignal): Promise<CartSites> {
  return apiClient.call(endpoints.sites, { signal });
}

/** Adds one line; the idempotency key makes a repeat of the same request harmless. */
export async function createCartLine(
  payload: CartLineCreate,
  idempotencyKey: string,
): Promise<CartItem[]> {
  const body = await apiClient.call(endpoints.addLine, {
    body: payload,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  return body.data;
}

export function updateCartItem(id: string, patch: CartItemUpdate): Promise<CartItem> {
  return apiClient.call(endpoints.update, { params: { id }, body: patch });
}

export function removeCartItems(ids: string[]): Promise<void> {
  return apiClient.call(endpoints.remove, { body: { ids } });
}

export function emptyCart(): Promise<void> {
  return apiClient.call(endpoints.empty, {});
}

export async function fetchContentPlans(signal?: AbortSignal): Promise<ContentProductPlan[]> {
  const body = await apiClient.call(referenceDataEndpoints.contentPlans, { signal });
  return body.data;
}
