// The buyer's sessions under the common profile area (decision 169): where they are signed in,
// and signing out one session or every other one.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActiveSessionListSchema, SessionParamsSchema } from '#contract/sessions.ts';
import { unauthorized } from '#server/http/api-error.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import { TOKEN_INVALID_MESSAGE } from './access-tokens.ts';
import type { SessionsService } from './sessions.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['Profile'];
const NoContentSchema = z.null().describe('Done');

function callerOf(request: FastifyRequest): { userId: string; sessionId: string } {
  const { userId, familyId } = principalOf(request);
  if (!familyId) throw unauthorized(TOKEN_INVALID_MESSAGE);
  return { userId, sessionId: familyId };
}

export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (
  app,
  { sessions },
) => {
  app.get(
    '/profiles/sessions',
    {
      schema: {
        tags,
        summary: "The buyer's active sessions, the current one first and flagged",
        description:
          'A session is one sign-in. `device` is the browser and system named by the User-Agent ' +
          'at sign-in; `address` is the client address with its last part hidden (no place is ' +
          'derived from it). Ended, expired and idle sessions are not listed.',
        security,
        response: { 200: ActiveSessionListSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => {
      const caller = callerOf(request);
      return sessions.list(caller.userId, caller.sessionId);
    },
  );

  app.delete(
    '/profiles/sessions/others',
    {
      schema: {
        tags,
        summary: 'Sign out of all other devices: every session but the current one ends',
        description:
          'Their next request is refused with 401 and their refresh tokens stop working. Calling ' +
          'it again changes nothing.',
        security,
        response: { 204: NoContentSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await sessions.endOthers(caller.userId, caller.sessionId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/profiles/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign out one session (the current one signs this device out)',
        description:
          'Its next request is refused with 401 and its refresh token stops working. A session ' +
          "already ended answers 204 again; one that is not the buyer's answers 404.",
        security,
        params: SessionParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await sessions.end(callerOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
