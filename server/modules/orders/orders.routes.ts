import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ArticleFeedbackFormSchema,
  ArticleFormSchema,
  ChangedItemsSchema,
  FeedbackBodySchema,
  ItemStatusesBodySchema,
  OrderItemListQuerySchema,
  OrderItemListSchema,
  OrderItemSchema,
  OrderListQuerySchema,
  RequestEditsBodySchema,
  TopicBodySchema,
} from '../../../contract/order-items.ts';
import { listOf } from '../../../contract/pagination.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  OrderCreateSchema,
  OrderIdParamsSchema,
  OrderSchema,
  PaymentMethodListSchema,
  PaymentMethodQuerySchema,
} from '../../../contract/orders.ts';
import { errorResponses } from '../../http/responses.ts';
import { principalOf } from '../../plugins/auth.ts';
import { IdempotencyHeadersSchema } from '../cart/cart.routes.ts';
import { attachmentHeader } from '../files/files.routes.ts';
import { readMultipartForm } from '../files/multipart.ts';
import type { CheckoutService } from './checkout.service.ts';
import { multipartFingerprint, type OrdersService } from './orders.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['Orders'];

const ItemIdParamsSchema = z.object({ id: z.uuid() });
const OrderListSchema = listOf(OrderSchema);
const CsvSchema = z.string().describe('The items as CSV (text/csv), as an attachment');
/** Multipart forms are read by the handler; the schema documents their fields. */
const multipart = ['multipart/form-data'];
const fileField = {
  file: z
    .string()
    .optional()
    .describe(
      'Optional document (.doc, .docx, .txt or .pdf, checked by content), at most 20 MB (413 beyond)',
    ),
};

/** The Idempotency-Key call of a buyer's item request: the route and what identifies the body. */
function keyed(request: FastifyRequest, userId: string, payload: unknown) {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  return {
    userId,
    key: typeof key === 'string' ? key : undefined,
    scope: `${request.method} ${request.routeOptions.url ?? request.url}:${JSON.stringify(request.params)}`,
    payload,
  };
}

export const ordersRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  orders: OrdersService;
}> = async (app, { checkout, orders }) => {
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
    '/orders/payment-methods',
    {
      schema: {
        tags,
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
      schema: {
        tags,
        summary: 'Places an order of the whole cart',
        description:
          'Checks every cart line again (violations `items[index].field`), charges credits or checks the bill limit, freezes prices and VAT, and empties the cart, all in one transaction. A repeat with the same Idempotency-Key answers the first answer and orders nothing.',
        security,
        headers: IdempotencyHeadersSchema,
        body: OrderCreateSchema,
        response: { 201: OrderSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const answer = await checkout.placeOrder(
        principalOf(request).userId,
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      if (answer.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer.body);
    },
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

  app.get(
    '/orders/:id/items',
    {
      schema: {
        tags,
        summary: 'The items of one of the buyer’s orders',
        security,
        params: OrderIdParamsSchema,
        querystring: OrderItemListQuerySchema,
        response: { 200: OrderItemListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => orders.items(principalOf(request).userId, request.params.id, request.query),
  );

  app.get(
    '/orders/:id/items/exports',
    {
      schema: {
        tags,
        summary: 'Downloads the items of an order as CSV',
        description:
          'Text cells that a spreadsheet could run as a formula start with an apostrophe.',
        security,
        params: OrderIdParamsSchema,
        produces: ['text/csv'],
        response: { 200: CsvSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await orders.exportItems(
        principalOf(request).userId,
        request.params.id,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'private, no-store')
        .serializer((body: string) => body)
        .send(csv);
    },
  );

  app.put(
    '/orders/items/statuses',
    {
      schema: {
        tags,
        summary: 'Approves topics or content, or cancels items (all or none)',
        description:
          'Each item must be in a status that allows the transition (decision 040); otherwise 409 names the item and nothing changes. Cancelling an item paid with credits returns its price with VAT to the company’s credits and issues a credit note.',
        security,
        headers: IdempotencyHeadersSchema,
        body: ItemStatusesBodySchema,
        response: { 200: ChangedItemsSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => {
      const userId = principalOf(request).userId;
      return orders.repeatable(keyed(request, userId, request.body), () =>
        orders.changeStatuses(userId, request.body),
      );
    },
  );

  app.put(
    '/orders/items/request-edits',
    {
      schema: {
        tags,
        summary: 'Requests (or withdraws a request for) edits of live links',
        security,
        headers: IdempotencyHeadersSchema,
        body: RequestEditsBodySchema,
        response: { 200: ChangedItemsSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => {
      const userId = principalOf(request).userId;
      return orders.repeatable(keyed(request, userId, request.body), () =>
        orders.requestEdits(userId, request.body),
      );
    },
  );

  app.put(
    '/orders/items/:id/topics',
    {
      schema: {
        tags,
        summary: 'Confirms or edits the buyer’s own topic',
        security,
        headers: IdempotencyHeadersSchema,
        params: ItemIdParamsSchema,
        body: TopicBodySchema,
        response: { 200: OrderItemSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => {
      const userId = principalOf(request).userId;
      return orders.repeatable(keyed(request, userId, request.body), () =>
        orders.putTopic(userId, request.params.id, request.body.content),
      );
    },
  );

  app.post(
    '/orders/items/:id/topics/feedbacks',
    {
      schema: {
        tags,
        summary: 'Declines the proposed topic with feedback',
        security,
        headers: IdempotencyHeadersSchema,
        params: ItemIdParamsSchema,
        body: FeedbackBodySchema,
        response: { 200: OrderItemSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => {
      const userId = principalOf(request).userId;
      return orders.repeatable(keyed(request, userId, request.body), () =>
        orders.topicFeedback(userId, request.params.id, request.body.feedback),
      );
    },
  );

  app.put(
    '/orders/items/:id/articles',
    {
      schema: {
        tags,
        summary: 'Confirms or edits the buyer’s own article (link and optional file)',
        security,
        params: ItemIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        consumes: multipart,
        body: ArticleFormSchema.extend(fileField).nullish(),
        response: {
          200: OrderItemSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request) => {
      const userId = principalOf(request).userId;
      const form = await readMultipartForm(request);
      return orders.repeatable(keyed(request, userId, multipartFingerprint(form)), () =>
        orders.putArticle(userId, request.params.id, form),
      );
    },
  );

  app.post(
    '/orders/items/:id/articles/feedbacks',
    {
      schema: {
        tags,
        summary: 'Declines the delivered content with feedback and an optional file',
        security,
        params: ItemIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        consumes: multipart,
        body: ArticleFeedbackFormSchema.extend(fileField).nullish(),
        response: {
          200: OrderItemSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request) => {
      const userId = principalOf(request).userId;
      const form = await readMultipartForm(request);
      return orders.repeatable(keyed(request, userId, multipartFingerprint(form)), () =>
        orders.articleFeedback(userId, request.params.id, form),
      );
    },
  );
};
