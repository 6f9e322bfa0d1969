import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FavoriteItemsSchema,
  FavoriteItemsUpdateSchema,
  SiteIdsBodySchema,
} from '#contract/favorites.ts';
import { errorResponses } from '#server/http/responses.ts';
import { NoQuerySchema } from '#contract/pagination.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { FavoritesService, MarkList } from './favorites.service.ts';

const NoContentSchema = z.null().describe('Done');

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
        schema: {
          tags: ['Sites'],
          summary: `Adds sites to the caller's ${name}`,
          security: [{ bearerAuth: [] }],
          body: SiteIdsBodySchema,
          response: { 204: NoContentSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        await favorites.add(principalOf(request).userId, list, request.body.ids);
        return reply.status(204).send(null);
      },
    );
    app.put(
      `/sites/${list}/removals`,
      {
        schema: {
          tags: ['Sites'],
          summary: `Removes sites from the caller's ${name}`,
          security: [{ bearerAuth: [] }],
          body: SiteIdsBodySchema,
          response: { 204: NoContentSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        await favorites.remove(principalOf(request).userId, list, request.body.ids);
        return reply.status(204).send(null);
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
