import type { FastifyInstance } from 'fastify';

import { publicAuthEndpoints as endpoints } from '#contract/public-auth.ts';
import { route } from '#server/http/endpoint-route.ts';

import type { PublicAuthService } from './public-auth.service.ts';

export async function publicAuthRoutes(
  app: FastifyInstance,
  { publicAuth }: { publicAuth: PublicAuthService },
): Promise<void> {
  route(app, endpoints.register, async (request) => {
    await publicAuth.register(request.body, request.ip);
    return {};
  });
  route(app, endpoints.confirmRegistration, async (request) => {
    await publicAuth.confirmRegistration(request.params.token);
    return null;
  });
  route(app, endpoints.requestPasswordReset, async (request) => {
    await publicAuth.requestPasswordReset(request.body.email, request.ip);
    return {};
  });
  route(app, endpoints.checkPasswordReset, async (request) => {
    await publicAuth.checkPasswordResetLink(request.params.token);
    return null;
  });
  route(app, endpoints.resetPassword, async (request) => {
    await publicAuth.resetPassword(request.params.token, request.body);
    return null;
  });
}
