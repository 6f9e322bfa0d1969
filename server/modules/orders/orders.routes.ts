import type { FastifyInstance } from 'fastify';

import { orderEndpoints as endpoints } from '#contract/order-items.ts';
import { route } from '#server/http/endpoint-route.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { OrdersService } from './orders.service.ts';

export async function ordersRoutes(
  app: FastifyInstance,
  { orders }: { orders: OrdersService },
): Promise<void> {
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;
  route(app, endpoints.list, (request) => orders.list(userOf(request), request.query));
  route(app, endpoints.get, (request) => orders.get(userOf(request), request.params.id));
}
