import type { FastifyInstance } from 'fastify';

import { favoriteEndpoints as endpoints } from '#contract/favorites.ts';
import { route } from '#server/http/endpoint-route.ts';
import type { IdempotencyOptions } from '#server/http/idempotency.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { FavoritesService, MarkList } from './favorites.service.ts';

/**
 * Adding or removing marks changes nothing the second time; the key lets a write kept offline be
 * sent again after a lost answer and be answered like the first send (decision 176).
 */
const markCall = { idempotency: { status: 204, store: 'after' } satisfies IdempotencyOptions };

export async function favoritesRoutes(
  app: FastifyInstance,
  { favorites }: { favorites: FavoritesService },
): Promise<void> {
  for (const list of ['favorites', 'blacklists'] as const satisfies readonly MarkList[]) {
    const marks = endpoints.marks[list];
    route(
      app,
      marks.add,
      async (request) => {
        await favorites.add(principalOf(request).userId, list, request.body.ids);
        return null;
      },
      markCall,
    );
    route(
      app,
      marks.remove,
      async (request) => {
        await favorites.remove(principalOf(request).userId, list, request.body.ids);
        return null;
      },
      markCall,
    );
  }
  route(app, endpoints.items, (request) => favorites.getItems(principalOf(request).userId));
  route(app, endpoints.replaceItems, (request) =>
    favorites.putItems(principalOf(request).userId, request.body),
  );
}
