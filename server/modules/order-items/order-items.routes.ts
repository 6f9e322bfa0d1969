import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ArticleFeedbackFormSchema,
  ArticleFormSchema,
  orderItemEndpoints as endpoints,
  OrderItemSchema,
} from '#contract/order-items.ts';
import { OrderIdParamsSchema } from '#contract/orders.ts';
import { attachmentHeader, DOWNLOAD_SECURITY_HEADERS } from '#server/http/attachment.ts';
import { route } from '#server/http/endpoint-route.ts';
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
  const userOf = (request: FastifyRequest) => principalOf(request).userId;
  const upload = {
    idempotency: {
      status: 200,
      store: 'after',
      fingerprint: async (request) => multipartFingerprint(await formOf(request)),
    } satisfies IdempotencyOptions,
  };

  route(app, endpoints.list, (request) =>
    items.list(userOf(request), request.params.id, request.query),
  );
  route(
    app,
    endpoints.changeStatuses,
    (request) => items.changeStatuses(userOf(request), request.body),
    itemCall,
  );
  route(
    app,
    endpoints.requestEdits,
    (request) => items.requestEdits(userOf(request), request.body),
    itemCall,
  );
  route(
    app,
    endpoints.putTopic,
    (request) => items.putTopic(userOf(request), request.params.id, request.body.content),
    itemCall,
  );
  route(
    app,
    endpoints.topicFeedback,
    (request) => items.topicFeedback(userOf(request), request.params.id, request.body.feedback),
    itemCall,
  );

  // A download and two multipart uploads, registered with their own schemas.
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
