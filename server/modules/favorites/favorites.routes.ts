import type { FastifyInstance, FastifyRequest } from 'fastify';

import { favoriteEndpoints as endpoints } from '#contract/favorites.ts';
import { route } from '#server/http/endpoint-route.ts';
import type { IdempotencyOptions } from '#server/http/idempotency.ts';
import { membershipsOf } from '#server/http/member-access.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { FavoritesService, Marker, MarkList } from './favorites.service.ts';

/**
 * The caller and the company account they work in: the current one, else their oldest, as the
 * route's permission check (and the catalogue's `currentCompanyOf`) picks it.
 */
async function markerOf(request: FastifyRequest): Promise<Marker> {
  const { userId } = principalOf(request);
  const memberships = await membershipsOf(request);
  const current = memberships.find((membership) => membership.isCurrent) ?? memberships[0];
  return { userId, companyId: current?.companyId ?? null };
}

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
        const { ids, scope } = request.body;
        await favorites.add(await markerOf(request), list, ids, scope);
        return null;
      },
      markCall,
    );
    route(
      app,
      marks.remove,
      async (request) => {
        const { ids, scope } = request.body;
        await favorites.remove(await markerOf(request), list, ids, scope);
        return null;
      },
      markCall,
    );
  }
  route(app, endpoints.items, async (request) => favorites.getItems(await markerOf(request)));
  route(app, endpoints.replaceItems, async (request) =>
    favorites.putItems(await markerOf(request), request.body),
  );
}
