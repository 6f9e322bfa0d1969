import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteListQuerySchema, SiteListSchema } from '#contract/catalogue.ts';
import {
  SimilarSitesQuerySchema,
  SimilarSitesSchema,
  SiteDetailQuerySchema,
  SiteDetailSchema,
  SiteIdParamsSchema,
} from '#contract/site-detail.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { SitesService } from './sites.service.ts';

export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService }> = async (
  app,
  { sites },
) => {
  app.get(
    '/sites',
    {
      schema: {
        tags: ['Sites'],
        summary: 'The catalogue of publisher sites, filtered, sorted and paged',
        description:
          'Query in bracket syntax: `filter[ahrefs_domain_rating][min]=20`, ' +
          '`filter[niche][]=<id>`, `sorting[price]=ASC`, `limit` (25, at most 100), `page`. ' +
          'Blacklisted sites are left out unless `filter[is_site_in_blacklist]=true`.',
        security: [{ bearerAuth: [] }],
        querystring: SiteListQuerySchema,
        response: { 200: SiteListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => sites.listSites(principalOf(request).userId, request.query),
  );

  app.get(
    '/sites/similar',
    {
      schema: {
        tags: ['Sites'],
        summary: 'The sites nearest to a site by DR, General price or organic traffic',
        security: [{ bearerAuth: [] }],
        querystring: SimilarSitesQuerySchema,
        response: { 200: SimilarSitesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => sites.similarSites(principalOf(request).userId, request.query),
  );

  app.get(
    '/sites/:id',
    {
      schema: {
        tags: ['Sites'],
        summary: 'One site with its prices per niche, comments, referring domains, similar sites',
        description:
          '`buyer_domain` (one of your domains) fills `is_back_linked` and `competitors`.',
        security: [{ bearerAuth: [] }],
        params: SiteIdParamsSchema,
        querystring: SiteDetailQuerySchema,
        response: { 200: SiteDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      sites.getSite(principalOf(request).userId, request.params.id, request.query.buyer_domain),
  );
};
