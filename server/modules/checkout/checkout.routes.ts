import type { FastifyInstance } from 'fastify';

import { checkoutEndpoints as endpoints } from '#contract/checkout.ts';
import { route } from '#server/http/endpoint-route.ts';
import { type IdempotencyOptions, transactionOf } from '#server/http/idempotency.ts';
import { principalOf } from '#server/plugins/auth.ts';

import { type CheckoutService, requireOrdering } from './checkout.service.ts';

/** The scope is kept from before decision 044, so that keys stored then still match. */
const placing = {
  idempotency: { status: 201, store: 'atomic', scope: 'POST /orders' } satisfies IdempotencyOptions,
};

export async function checkoutRoutes(
  app: FastifyInstance,
  { checkout }: { checkout: CheckoutService },
): Promise<void> {
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;
  route(app, endpoints.defaults, async (request) => {
    await requireOrdering(request, request.query.company);
    return checkout.defaults(userOf(request), request.query.company);
  });
  route(app, endpoints.paymentMethods, async (request) => {
    await requireOrdering(request, request.query.company);
    return checkout.paymentMethods(userOf(request), request.query.company);
  });
  // The summary mail is queued with the order: a repeat answers the first order and queues
  // nothing.
  route(
    app,
    endpoints.placeOrder,
    async (request) => {
      await requireOrdering(request, request.body.company);
      return checkout.placeOrder(transactionOf(request), userOf(request), request.body);
    },
    placing,
  );
}
