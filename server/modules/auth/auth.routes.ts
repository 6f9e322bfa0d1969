import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponseSchema, LoginRequestSchema, RefreshRequestSchema } from '#contract/auth.ts';
import type { AuthService } from './auth.service.ts';
import { errorResponses } from '#server/http/responses.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/login_check',
    {
      schema: {
        tags: ['Authentication'],
        summary: 'Sign in with e-mail and password',
        body: LoginRequestSchema,
        response: { 200: AuthResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    (request) =>
      auth.login({
        username: request.body.username,
        password: request.body.password,
        address: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/token/refresh',
    {
      schema: {
        tags: ['Authentication'],
        summary: 'Exchange a refresh token for a new token pair',
        body: RefreshRequestSchema,
        response: { 200: AuthResponseSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => auth.refresh(request.body.refresh_token, request.ip),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['Authentication'],
        summary: 'Sign out: the refresh token and every token of its session stop working',
        body: RefreshRequestSchema,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await auth.logout(request.body.refresh_token);
      return reply.status(204).send(null);
    },
  );
};
