import type { FastifyInstance } from 'fastify';

import { orderEndpoints as endpoints } from '#contract/order-items.ts';
import { route } from '#server/http/endpoint-route.ts';
import { callerOf } from '#server/http/member-access.ts';

import type { OrdersService } from './orders.service.ts';

export async function ordersRoutes(
  app: FastifyInstance,
  { orders }: { orders: OrdersService },
): Promise<void> {
  route(app, endpoints.list, (request) => orders.list(callerOf(request), request.query));
  route(app, endpoints.get, (request) => orders.get(callerOf(request), request.params.id));
}
