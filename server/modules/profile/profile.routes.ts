import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BuyerProfileSchema } from '#contract/profile.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { ProfileService } from './profile.service.ts';
import { errorResponses } from '#server/http/responses.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (
  app,
  { profile },
) => {
  app.get(
    '/profiles',
    {
      schema: {
        tags: ['Profile'],
        summary: "The signed-in buyer's profile, managers and company accounts",
        security: [{ bearerAuth: [] }],
        response: { 200: BuyerProfileSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => profile.getProfile(principalOf(request).userId),
  );
};
