import type { FastifyInstance } from 'fastify';

import { savedViewEndpoints as endpoints } from '#contract/saved-views.ts';
import { route } from '#server/http/endpoint-route.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { SavedViewsService } from './saved-views.service.ts';

export async function savedViewsRoutes(
  app: FastifyInstance,
  { savedViews }: { savedViews: SavedViewsService },
): Promise<void> {
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;
  route(app, endpoints.list, (request) => savedViews.list(userOf(request), request.query.kind));
  route(app, endpoints.create, (request) => savedViews.create(userOf(request), request.body));
  route(app, endpoints.update, (request) =>
    savedViews.update(userOf(request), request.params.id, request.body),
  );
  route(app, endpoints.remove, async (request) => {
    await savedViews.remove(userOf(request), request.params.id);
    return null;
  });
}
