import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { orderItemEndpoints as endpoints } from '#contract/order-items.ts';
import { route } from '#server/http/endpoint-route.ts';
import { type IdempotencyOptions } from '#server/http/idempotency.ts';
import { callerOf } from '#server/http/member-access.ts';

import type { MultipartForm } from '../files/files.service.ts';
import { multipartFingerprint, type OrderItemsService } from './order-items.service.ts';

/** A buyer's item call: a repeat with the same key answers the first answer (decision 044). */
const itemCall = { idempotency: { status: 200, store: 'after' } satisfies IdempotencyOptions };

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

  route(app, endpoints.list, (request) =>
    items.list(callerOf(request), request.params.id, request.query),
  );
  route(
    app,
    endpoints.changeStatuses,
    (request) => items.changeStatuses(callerOf(request), request.body),
    itemCall,
  );
  route(
    app,
    endpoints.requestEdits,
    (request) => items.requestEdits(callerOf(request), request.body),
    itemCall,
  );
  route(
    app,
    endpoints.putTopic,
    (request) => items.putTopic(callerOf(request), request.params.id, request.body.content),
    itemCall,
  );
  route(
    app,
    endpoints.topicFeedback,
    (request) => items.topicFeedback(callerOf(request), request.params.id, request.body.feedback),
    itemCall,
  );

  // The download, and two uploads whose forms the handlers read (see `formOf`).
  route(app, endpoints.exportItems, async (request) => {
    const { fileName, csv } = await items.exportItems(callerOf(request), request.params.id);
    return { body: csv, type: 'text/csv; charset=utf-8', fileName };
  });
  route(
    app,
    endpoints.putArticle,
    async (request) =>
      items.putArticle(callerOf(request), request.params.id, await formOf(request)),
    upload,
  );
  route(
    app,
    endpoints.articleFeedback,
    async (request) =>
      items.articleFeedback(callerOf(request), request.params.id, await formOf(request)),
    upload,
  );
};
