import type { FastifyInstance } from 'fastify';

import { cartEndpoints as endpoints } from '#contract/cart.ts';
import { route } from '#server/http/endpoint-route.ts';
import { type IdempotencyOptions, transactionOf } from '#server/http/idempotency.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { CartService } from './cart.service.ts';

/** Kept from before decision 044, so that keys stored then still match. */
const addLine = {
  idempotency: {
    status: 201,
    store: 'atomic',
    scope: 'POST /shopping-carts/items',
  } satisfies IdempotencyOptions,
};

export async function cartRoutes(
  app: FastifyInstance,
  { cart }: { cart: CartService },
): Promise<void> {
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;
  route(app, endpoints.items, (request) => cart.list(userOf(request), request.query));
  route(app, endpoints.sites, (request) => cart.sites(userOf(request)));
  route(
    app,
    endpoints.addLine,
    (request) => cart.add(transactionOf(request), userOf(request), request.body),
    addLine,
  );
  route(app, endpoints.remove, async (request) => {
    await cart.remove(userOf(request), request.body.ids);
    return null;
  });
  route(app, endpoints.update, (request) =>
    cart.update(userOf(request), request.params.id, request.body),
  );
  route(app, endpoints.empty, async (request) => {
    await cart.empty(userOf(request));
    return null;
  });
}
