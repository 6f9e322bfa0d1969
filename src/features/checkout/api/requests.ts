import { CartDefaultsSchema, type CartDefaults } from '#contract/cart.ts';
import {
  OrderSchema,
  PaymentMethodListSchema,
  type Order,
  type OrderCreate,
  type PaymentMethodOption,
} from '#contract/orders.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function fetchCartDefaults(
  company: string | null,
  signal?: AbortSignal,
): Promise<CartDefaults> {
  return apiClient.request('/v1/buyer/shopping-carts/defaults', {
    query: { company },
    schema: CartDefaultsSchema,
    signal,
  });
}

export async function fetchPaymentMethods(
  company: string | null,
  signal?: AbortSignal,
): Promise<PaymentMethodOption[]> {
  const body = await apiClient.request('/v1/buyer/orders/payment-methods', {
    query: { company },
    schema: PaymentMethodListSchema,
    signal,
  });
  return body.data;
}

/** Places the order; repeating the call with the same key returns the first answer. */
export function placeOrder(body: OrderCreate, idempotencyKey: string): Promise<Order> {
  return apiClient.request('/v1/buyer/orders', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: OrderSchema,
  });
}
