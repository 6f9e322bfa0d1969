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
  RequestEditsBodySchema,
  TopicBodySchema,
} from '#contract/order-items.ts';
import { OrderIdParamsSchema } from '#contract/orders.ts';
import { attachmentHeader, DOWNLOAD_SECURITY_HEADERS } from '#server/http/attachment.ts';
import { IdempotencyHeadersSchema, type IdempotencyOptions } from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { MultipartForm } from '../files/files.service.ts';
import { multipartFingerprint, type OrderItemsService } from './order-items.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['Orders'];

const ItemIdParamsSchema = z.object({ id: z.uuid() });
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

/** A buyer's item call: a repeat with the same key answers the first answer (decision 044). */
const itemCall = { idempotency: { status: 200, store: 'after' } satisfies IdempotencyOptions };
const itemCallErrors = errorResponses(400, 401, 403, 404, 409, 422);
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);

export const orderItemsRoutes: FastifyPluginAsyncZod<{
  items: OrderItemsService;
  /** Reads a multipart form (fields and one file) of the request. */
  readForm: (request: FastifyRequest) => Promise<MultipartForm>;
}> = async (app, { items, readForm }) => {
  // An upload's form is read once: for what identifies the request, then by the handler.
  const forms = new WeakMap<FastifyRequest, Promise<MultipartForm>>();
  const formOf = (request: FastifyRequest) => {
    const form = forms.get(request) ?? readForm(request);
    forms.set(request, form);
    return form;
  };
  const upload = {
    idempotency: {
      status: 200,
      store: 'after',
      fingerprint: async (request) => multipartFingerprint(await formOf(request)),
    } satisfies IdempotencyOptions,
  };

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
    (request) => items.list(principalOf(request).userId, request.params.id, request.query),
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
      const { fileName, csv } = await items.exportItems(
        principalOf(request).userId,
        request.params.id,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'private, no-store')
        .headers(DOWNLOAD_SECURITY_HEADERS)
        .serializer((body: string) => body)
        .send(csv);
    },
  );

  app.put(
    '/orders/items/statuses',
    {
      config: itemCall,
      schema: {
        tags,
        summary: 'Approves topics or content, or cancels items (all or none)',
        description:
          'Each item must be in a status that allows the transition (decision 040); otherwise 409 names the item and nothing changes. Cancelling an item paid with credits returns its price with VAT to the company’s credits and issues a credit note.',
        security,
        headers: IdempotencyHeadersSchema,
        body: ItemStatusesBodySchema,
        response: { 200: ChangedItemsSchema, ...itemCallErrors },
      },
    },
    (request) => items.changeStatuses(principalOf(request).userId, request.body),
  );

  app.put(
    '/orders/items/request-edits',
    {
      config: itemCall,
      schema: {
        tags,
        summary: 'Requests (or withdraws a request for) edits of live links',
        security,
        headers: IdempotencyHeadersSchema,
        body: RequestEditsBodySchema,
        response: { 200: ChangedItemsSchema, ...itemCallErrors },
      },
    },
    (request) => items.requestEdits(principalOf(request).userId, request.body),
  );

  app.put(
    '/orders/items/:id/topics',
    {
      config: itemCall,
      schema: {
        tags,
        summary: 'Confirms or edits the buyer’s own topic',
        security,
        headers: IdempotencyHeadersSchema,
        params: ItemIdParamsSchema,
        body: TopicBodySchema,
        response: { 200: OrderItemSchema, ...itemCallErrors },
      },
    },
    (request) =>
      items.putTopic(principalOf(request).userId, request.params.id, request.body.content),
  );

  app.post(
    '/orders/items/:id/topics/feedbacks',
    {
      config: itemCall,
      schema: {
        tags,
        summary: 'Declines the proposed topic with feedback',
        security,
        headers: IdempotencyHeadersSchema,
        params: ItemIdParamsSchema,
        body: FeedbackBodySchema,
        response: { 200: OrderItemSchema, ...itemCallErrors },
      },
    },
    (request) =>
      items.topicFeedback(principalOf(request).userId, request.params.id, request.body.feedback),
  );

  app.put(
    '/orders/items/:id/articles',
    {
      config: upload,
      schema: {
        tags,
        summary: 'Confirms or edits the buyer’s own article (link and optional file)',
        security,
        params: ItemIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        consumes: multipart,
        body: ArticleFormSchema.extend(fileField).nullish(),
        response: { 200: OrderItemSchema, ...uploadErrors },
      },
    },
    async (request) =>
      items.putArticle(principalOf(request).userId, request.params.id, await formOf(request)),
  );

  app.post(
    '/orders/items/:id/articles/feedbacks',
    {
      config: upload,
      schema: {
        tags,
        summary: 'Declines the delivered content with feedback and an optional file',
        security,
        params: ItemIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        consumes: multipart,
        body: ArticleFeedbackFormSchema.extend(fileField).nullish(),
        response: { 200: OrderItemSchema, ...uploadErrors },
      },
    },
    async (request) =>
      items.articleFeedback(principalOf(request).userId, request.params.id, await formOf(request)),
  );
};
