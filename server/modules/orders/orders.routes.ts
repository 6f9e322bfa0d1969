import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderListQuerySchema } from '#contract/order-items.ts';
import { listOf } from '#contract/pagination.ts';
import { OrderIdParamsSchema, OrderSchema } from '#contract/orders.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { OrdersService } from './orders.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['Orders'];
const OrderListSchema = listOf(OrderSchema);

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: 'The buyer’s orders, filtered, sorted and paged',
        description:
          'Search matches the order number, the PO number and the hostnames of its items; order_price filters the net price.',
        security,
        querystring: OrderListQuerySchema,
        response: { 200: OrderListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => orders.list(principalOf(request).userId, request.query),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'One order of the buyer',
        security,
        params: OrderIdParamsSchema,
        response: { 200: OrderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => orders.get(principalOf(request).userId, request.params.id),
  );
};
