import { z } from 'zod';
import {
  CART_LIST_MAX_LIMIT,
  CartItemListSchema,
  CartItemSchema,
  CartSitesSchema,
  type CartItem,
  type CartItemList,
  type CartItemUpdate,
  type CartLineCreate,
  type CartSites,
} from '#contract/cart.ts';
import { referenceDataEndpoints, type ContentProductPlan } from '#contract/reference-data.ts';
import { apiClient } from '#src/lib/api-client.ts';

const CART = '/v1/buyer/shopping-carts';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const CreatedItemsSchema = z.object({ data: z.array(CartItemSchema) });

export interface CartPage {
  page: number;
  limit: number;
}

export function fetchCartItems(
  { page, limit }: CartPage,
  signal?: AbortSignal,
): Promise<CartItemList> {
  return apiClient.request(`${CART}/items`, {
    query: { limit, page },
    schema: CartItemListSchema,
    signal,
  });
}

/** Every item of the cart in the server's order (newest first), a page of the largest size at a time. */
export async function fetchAllCartItems(signal?: AbortSignal): Promise<CartItem[]> {
  const items: CartItem[] = [];
  for (let page = 1; ; page += 1) {
    const list = await fetchCartItems({ page, limit: CART_LIST_MAX_LIMIT }, signal);
    items.push(...list.data);
    if (list.data.length === 0 || items.length >= list.pagination.total) return items;
  }
}

export function fetchCartSites(signal?: AbortSignal): Promise<CartSites> {
  return apiClient.request(`${CART}/sites`, { schema: CartSitesSchema, signal });
}

/** Adds one line; the idempotency key makes a repeat of the same request harmless. */
export async function createCartLine(
  payload: CartLineCreate,
  idempotencyKey: string,
): Promise<CartItem[]> {
  const body = await apiClient.request(`${CART}/items`, {
    method: 'POST',
    body: payload,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: CreatedItemsSchema,
  });
  return body.data;
}

export function updateCartItem(id: string, patch: CartItemUpdate): Promise<CartItem> {
  return apiClient.request(`${CART}/items/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: patch,
    schema: CartItemSchema,
  });
}

export async function removeCartItems(ids: string[]): Promise<void> {
  await apiClient.request(`${CART}/items/removals`, { method: 'PUT', body: { ids } });
}

export async function emptyCart(): Promise<void> {
  await apiClient.request(CART, { method: 'DELETE' });
}

export async function fetchContentPlans(signal?: AbortSignal): Promise<ContentProductPlan[]> {
  const body = await apiClient.call(referenceDataEndpoints.contentPlans, { signal });
  return body.data;
}
