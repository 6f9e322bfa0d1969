import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SavedViewCreateSchema,
  SavedViewListSchema,
  SavedViewQuerySchema,
  SavedViewSchema,
  SavedViewUpdateSchema,
} from '#contract/saved-views.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { SavedViewsService } from './saved-views.service.ts';

const IdParamsSchema = z.object({ id: z.uuid() });
const NoContentSchema = z.null().describe('Deleted');

export const savedViewsRoutes: FastifyPluginAsyncZod<{ savedViews: SavedViewsService }> = async (
  app,
  { savedViews },
) => {
  const common = { tags: ['Saved views'], security: [{ bearerAuth: [] }] };

  app.get(
    '/saved-views',
    {
      schema: {
        ...common,
        summary: "The caller's saved views, of one kind with ?kind=",
        querystring: SavedViewQuerySchema,
        response: { 200: SavedViewListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => savedViews.list(principalOf(request).userId, request.query.kind),
  );

  app.post(
    '/saved-views',
    {
      schema: {
        ...common,
        summary: 'Saves a filter set or column layout under a name unique per kind',
        body: SavedViewCreateSchema,
        response: { 201: SavedViewSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const view = await savedViews.create(principalOf(request).userId, request.body);
      return reply.status(201).send(view);
    },
  );

  app.put(
    '/saved-views/:id',
    {
      schema: {
        ...common,
        summary: 'Renames a saved view, replaces its value or marks it as favourite',
        params: IdParamsSchema,
        body: SavedViewUpdateSchema,
        response: { 200: SavedViewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => savedViews.update(principalOf(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/saved-views/:id',
    {
      schema: {
        ...common,
        summary: 'Deletes a saved view',
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await savedViews.remove(principalOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
