import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { conversationEndpoints as endpoints } from '#contract/conversations.ts';
import { route } from '#server/http/endpoint-route.ts';
import type { IdempotencyOptions } from '#server/http/idempotency.ts';
import { callerOf, companiesWhere } from '#server/http/member-access.ts';

import type { ConversationsService } from './conversations.service.ts';

/**
 * A message is sent once: a repeat with the same key (a message kept offline and sent again after
 * a lost answer) answers the first answer and posts nothing (decision 044).
 */
const sendCall = { idempotency: { status: 201, store: 'after' } satisfies IdempotencyOptions };

export const conversationsRoutes: FastifyPluginAsyncZod<{
  conversations: ConversationsService;
}> = async (app, { conversations }) => {
  route(app, endpoints.thread, (request) =>
    conversations.thread(callerOf(request), request.params.id),
  );
  route(
    app,
    endpoints.send,
    (request) => conversations.send(callerOf(request), request.params.id, request.body.text),
    sendCall,
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
