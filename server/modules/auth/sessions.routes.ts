// The buyer's sessions under the common profile area (decision 169): where they are signed in,
// and signing out one session or every other one.
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { sessionEndpoints as endpoints } from '#contract/sessions.ts';
import { unauthorized } from '#server/http/api-error.ts';
import { route } from '#server/http/endpoint-route.ts';
import { principalOf } from '#server/plugins/auth.ts';

import { TOKEN_INVALID_MESSAGE } from './access-tokens.ts';
import type { SessionsService } from './sessions.service.ts';

function callerOf(request: FastifyRequest): { userId: string; sessionId: string } {
  const { userId, familyId } = principalOf(request);
  if (!familyId) throw unauthorized(TOKEN_INVALID_MESSAGE);
  return { userId, sessionId: familyId };
}

export async function sessionsRoutes(
  app: FastifyInstance,
  { sessions }: { sessions: SessionsService },
): Promise<void> {
  route(app, endpoints.list, (request) => {
    const caller = callerOf(request);
    return sessions.list(caller.userId, caller.sessionId);
  });
  route(app, endpoints.endOthers, async (request) => {
    const caller = callerOf(request);
    await sessions.endOthers(caller.userId, caller.sessionId);
    return null;
  });
  route(app, endpoints.end, async (request) => {
    await sessions.end(callerOf(request).userId, request.params.id);
    return null;
  });
}
