import type { CartDefaults } from '#contract/cart.ts';
import { checkoutEndpoints as endpoints } from '#contract/checkout.ts';
import type { Order, OrderCreate, PaymentMethodOption } from '#contract/orders.ts';
import { type PurchaseRequest, purchaseRequestEndpoints } from '#contract/purchase-requests.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function fetchCartDefaults(
  company: string | null,
  signal?: AbortSignal,
): Promise<CartDefaults> {
  return apiClient.call(endpoints.defaults, { query: company ? { company } : {}, signal });
}

export async function fetchPaymentMethods(
  company: string | null,
  signal?: AbortSignal,
): Promise<PaymentMethodOption[]> {
  const body = await apiClient.call(endpoints.paymentMethods, {
    query: company ? { company } : {},
    signal,
  });
  return body.data;
}

/** Places the order; repeating the call with the same key returns the first answer. */
export function placeOrder(body: OrderCreate, idempotencyKey: string): Promise<Order> {
  return apiClient.call(endpoints.placeOrder, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Sends the cart for approval (an order over the monthly limit, decision 204); once per key. */
export function sendForApproval(
  body: OrderCreate,
  idempotencyKey: string,
): Promise<PurchaseRequest> {
  return apiClient.call(purchaseRequestEndpoints.create, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
