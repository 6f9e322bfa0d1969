import type { FastifyInstance } from 'fastify';

import { profileEndpoints as endpoints } from '#contract/profile.ts';
import { route } from '#server/http/endpoint-route.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { ProfileService } from './profile.service.ts';

export async function profileRoutes(
  app: FastifyInstance,
  { profile }: { profile: ProfileService },
): Promise<void> {
  route(app, endpoints.get, (request) => profile.getProfile(principalOf(request).userId));
}
