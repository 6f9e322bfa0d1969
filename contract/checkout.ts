// Checkout's endpoints (decision 183): the cart's totals with VAT for a company, the payment
// methods that can pay them, and placing the order of the whole cart. The schemas live with the
// cart (contract/cart.ts) and the order (contract/orders.ts).
import { CartDefaultsQuerySchema, CartDefaultsSchema } from './cart.ts';
import { endpoint } from './endpoint.ts';
import { IdempotencyHeadersSchema } from './endpoint-schemas.ts';
import {
  OrderCreateSchema,
  OrderSchema,
  PaymentMethodListSchema,
  PaymentMethodQuerySchema,
} from './orders.ts';
import { inObject } from './permissions.ts';

const buyer = { access: 'buyer' } as const;

export const checkoutEndpoints = {
  defaults: endpoint({
    ...buyer,
    tags: ['Shopping cart'],
    method: 'GET',
    path: '/v1/buyer/shopping-carts/defaults',
    permission: inObject('orders.place'),
    summary: 'Totals of the cart with VAT for a company, and the billing defaults',
    query: CartDefaultsQuerySchema,
    status: 200,
    response: CartDefaultsSchema,
    errors: [400, 401, 403, 404],
  }),
  paymentMethods: endpoint({
    ...buyer,
    tags: ['Orders'],
    method: 'GET',
    path: '/v1/buyer/orders/payment-methods',
    permission: inObject('orders.place'),
    summary: 'The payment methods and whether each can pay the cart for the company now',
    query: PaymentMethodQuerySchema,
    status: 200,
    response: PaymentMethodListSchema,
    errors: [400, 401, 403, 404],
  }),
  /** The server keeps this route's idempotency scope from before decision 044. */
  placeOrder: endpoint({
    ...buyer,
    tags: ['Orders'],
    method: 'POST',
    path: '/v1/buyer/orders',
    permission: inObject('orders.place'),
    summary: 'Places an order of the whole cart',
    description:
      'Checks every cart line again (violations `items[index].field`), charges credits or checks the bill limit, freezes prices and VAT, and empties the cart, all in one transaction. With `lines` (each cart line and the `version` the screen read), a cart that no longer matches them answers 409, naming each line changed, added or gone, and orders nothing. A repeat with the same Idempotency-Key answers the first answer and orders nothing.',
    headers: IdempotencyHeadersSchema,
    body: OrderCreateSchema,
    status: 201,
    response: OrderSchema,
    errors: [400, 401, 403, 409, 422],
  }),
};
