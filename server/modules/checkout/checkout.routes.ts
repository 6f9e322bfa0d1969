import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartDefaultsQuerySchema, CartDefaultsSchema } from '#contract/cart.ts';
import {
  OrderCreateSchema,
  OrderSchema,
  PaymentMethodListSchema,
  PaymentMethodQuerySchema,
} from '#contract/orders.ts';
import {
  IdempotencyHeadersSchema,
  transactionOf,
  type IdempotencyOptions,
} from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { CheckoutService } from './checkout.service.ts';

const security = [{ bearerAuth: [] }];

/** The scope is kept from before decision 044, so that keys stored then still match. */
const placing = {
  idempotency: { status: 201, store: 'atomic', scope: 'POST /orders' } satisfies IdempotencyOptions,
};

export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService }> = async (
  app,
  { checkout },
) => {
  app.get(
    '/shopping-carts/defaults',
    {
      schema: {
        tags: ['Shopping cart'],
        summary: 'Totals of the cart with VAT for a company, and the billing defaults',
        security,
        querystring: CartDefaultsQuerySchema,
        response: { 200: CartDefaultsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => checkout.defaults(principalOf(request).userId, request.query.company),
  );

  app.get(
    '/orders/payment-methods',
    {
      schema: {
        tags: ['Orders'],
        summary: 'The payment methods and whether each can pay the cart for the company now',
        security,
        querystring: PaymentMethodQuerySchema,
        response: { 200: PaymentMethodListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => checkout.paymentMethods(principalOf(request).userId, request.query.company),
  );

  app.post(
    '/orders',
    {
      config: placing,
      schema: {
        tags: ['Orders'],
        summary: 'Places an order of the whole cart',
        description:
          'Checks every cart line again (violations `items[index].field`), charges credits or checks the bill limit, freezes prices and VAT, and empties the cart, all in one transaction. With `lines` (each cart line and the `version` the screen read), a cart that no longer matches them answers 409, naming each line changed, added or gone, and orders nothing. A repeat with the same Idempotency-Key answers the first answer and orders nothing.',
        security,
        headers: IdempotencyHeadersSchema,
        body: OrderCreateSchema,
        response: { 201: OrderSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) => {
      // The summary mail is queued with the order: a repeat answers the first order and queues
      // nothing.
      return checkout.placeOrder(transactionOf(request), principalOf(request).userId, request.body);
    },
  );
};
