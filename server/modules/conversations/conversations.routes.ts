import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { conversationEndpoints as endpoints } from '#contract/conversations.ts';
import { route } from '#server/http/endpoint-route.ts';
import type { IdempotencyOptions } from '#server/http/idempotency.ts';
import { callerOf, companiesWhere } from '#server/http/member-access.ts';

import type { MultipartForm } from '../files/files.service.ts';
import { multipartFingerprint } from '../order-items/order-items.service.ts';
import type { ConversationsService } from './conversations.service.ts';

/**
 * A message is sent once: a repeat with the same key (a message kept offline and sent again after
 * a lost answer) answers the first answer and posts nothing (decision 044).
 */
const sendCall = { idempotency: { status: 201, store: 'after' } satisfies IdempotencyOptions };

export const conversationsRoutes: FastifyPluginAsyncZod<{
  conversations: ConversationsService;
  /** Reads a multipart form (fields and one file) of the request. */
  readForm: (request: FastifyRequest) => Promise<MultipartForm>;
}> = async (app, { conversations, readForm }) => {
  // A document's form is read once: for what identifies the request, then by the handler.
  const forms = new WeakMap<FastifyRequest, Promise<MultipartForm>>();
  const formOf = (request: FastifyRequest) => {
    const form = forms.get(request) ?? readForm(request);
    forms.set(request, form);
    return form;
  };
  const upload = {
    idempotency: {
      status: 201,
      store: 'after',
      fingerprint: async (request) => multipartFingerprint(await formOf(request)),
    } satisfies IdempotencyOptions,
  };
  route(app, endpoints.thread, (request) =>
    conversations.thread(callerOf(request), request.params.id),
  );
  route(
    app,
    endpoints.send,
    (request) => conversations.send(callerOf(request), request.params.id, request.body.text),
    sendCall,
  );
  route(
    app,
    endpoints.sendWithFile,
    async (request) =>
      conversations.sendWithFile(callerOf(request), request.params.id, await formOf(request)),
    upload,
  );
  route(app, endpoints.markRead, async (request) =>
    conversations.markRead(
      callerOf(request),
      request.params.id,
      request.body.last_entry_id,
      await companiesWhere(request, 'orders.read'),
    ),
  );
  route(app, endpoints.unread, async (request) =>
    conversations.unread(callerOf(request), await companiesWhere(request, 'orders.read')),
  );
};
