import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FavoriteItemsSchema,
  FavoriteItemsUpdateSchema,
  SiteIdsBodySchema,
} from '#contract/favorites.ts';
import { IdempotencyHeadersSchema, type IdempotencyOptions } from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { NoQuerySchema } from '#contract/pagination.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { FavoritesService, MarkList } from './favorites.service.ts';

const NoContentSchema = z.null().describe('Done');

/**
 * Adding or removing marks changes nothing the second time; the key lets a write kept offline be
 * sent again after a lost answer and be answered like the first send (decision 176).
 */
const markCall = { idempotency: { status: 204, store: 'after' } satisfies IdempotencyOptions };
const REPEAT_NOTE =
  ' A repeat with the same Idempotency-Key answers 204 again and changes nothing.';

export const favoritesRoutes: FastifyPluginAsyncZod<{ favorites: FavoritesService }> = async (
  app,
  { favorites },
) => {
  const LISTS: { list: MarkList; name: string }[] = [
    { list: 'favorites', name: 'favourites' },
    { list: 'blacklists', name: 'blacklist' },
  ];
  for (const { list, name } of LISTS) {
    app.post(
      `/sites/${list}`,
      {
        config: markCall,
        schema: {
          tags: ['Sites'],
          summary: `Adds sites to the caller's ${name}`,
          description: `Sites already there stay.${REPEAT_NOTE}`,
          security: [{ bearerAuth: [] }],
          headers: IdempotencyHeadersSchema,
          body: SiteIdsBodySchema,
          response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 422) },
        },
      },
      async (request) => {
        await favorites.add(principalOf(request).userId, list, request.body.ids);
        return null;
      },
    );
    app.put(
      `/sites/${list}/removals`,
      {
        config: markCall,
        schema: {
          tags: ['Sites'],
          summary: `Removes sites from the caller's ${name}`,
          description: `Sites not there are left alone.${REPEAT_NOTE}`,
          security: [{ bearerAuth: [] }],
          headers: IdempotencyHeadersSchema,
          body: SiteIdsBodySchema,
          response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 422) },
        },
      },
      async (request) => {
        await favorites.remove(principalOf(request).userId, list, request.body.ids);
        return null;
      },
    );
  }

  app.get(
    '/favorite-items',
    {
      schema: {
        tags: ['Sites'],
        summary: "The caller's favourite and blacklisted sites and favourite saved filters",
        security: [{ bearerAuth: [] }],
        querystring: NoQuerySchema,
        response: { 200: FavoriteItemsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => favorites.getItems(principalOf(request).userId),
  );

  app.put(
    '/favorite-items',
    {
      schema: {
        tags: ['Sites'],
        summary: 'Replaces the lists given: favourite sites, blacklist, favourite saved filters',
        security: [{ bearerAuth: [] }],
        body: FavoriteItemsUpdateSchema,
        response: { 200: FavoriteItemsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => favorites.putItems(principalOf(request).userId, request.body),
  );
};
