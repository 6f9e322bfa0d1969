import type { FastifyInstance } from 'fastify';

import { authEndpoints as endpoints } from '#contract/auth.ts';
import { route } from '#server/http/endpoint-route.ts';

import type { AuthService } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  route(app, endpoints.login, (request) =>
    auth.login({
      username: request.body.username,
      password: request.body.password,
      address: request.ip,
      userAgent: request.raw.headers['user-agent'],
    }),
  );
  route(app, endpoints.refresh, (request) => auth.refresh(request.body.refresh_token, request.ip));
  route(app, endpoints.logout, async (request) => {
    await auth.logout(request.body.refresh_token);
    return null;
  });
}
