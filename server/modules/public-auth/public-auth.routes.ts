import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PasswordResetCompleteSchema,
  PasswordResetRequestSchema,
  RegistrationRequestSchema,
} from '#contract/public-auth.ts';
import type { PublicAuthService } from './public-auth.service.ts';
import { errorResponses } from '#server/http/responses.ts';

const AcceptedSchema = z.object({}).describe('Accepted; a mail is sent when it applies');
const NoContentSchema = z.null().describe('Done');
const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const publicAuthRoutes: FastifyPluginAsyncZod<{ publicAuth: PublicAuthService }> = async (
  app,
  { publicAuth },
) => {
  app.post(
    '/registrations',
    {
      schema: {
        tags: ['Registration'],
        summary: 'Register a buyer; a confirmation link is mailed',
        description: 'At most 10 requests per hour from one address and 3 per e-mail (429).',
        body: RegistrationRequestSchema,
        response: { 202: AcceptedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await publicAuth.register(request.body, request.ip);
      return reply.status(202).send({});
    },
  );

  app.post(
    '/registrations/confirmations/:token',
    {
      schema: {
        tags: ['Registration'],
        summary: 'Confirm a registration with the mailed token',
        params: TokenParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await publicAuth.confirmRegistration(request.params.token);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/passwords/resets',
    {
      schema: {
        tags: ['Password reset'],
        summary:
          'Ask for a password reset link (accepted whether or not the e-mail has an account)',
        description: 'At most 10 requests per hour from one address and 3 per e-mail (429).',
        body: PasswordResetRequestSchema,
        response: { 202: AcceptedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await publicAuth.requestPasswordReset(request.body.email, request.ip);
      return reply.status(202).send({});
    },
  );

  app.get(
    '/passwords/resets/:token',
    {
      schema: {
        tags: ['Password reset'],
        summary: 'Check that a mailed reset link can still be used, without using it',
        description:
          'The reset page asks this when it opens, so an expired or used link says so before a ' +
          'new password is typed. The token is 32 random bytes, so answering it reveals nothing.',
        params: TokenParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await publicAuth.checkPasswordResetLink(request.params.token);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/passwords/resets/:token',
    {
      schema: {
        tags: ['Password reset'],
        summary: 'Set a new password with the mailed token; signs out every session',
        params: TokenParamsSchema,
        body: PasswordResetCompleteSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await publicAuth.resetPassword(request.params.token, request.body);
      return reply.status(204).send(null);
    },
  );
};
