import type { FastifyInstance } from 'fastify';

import { catalogueEndpoints } from '#contract/catalogue.ts';
import { siteDetailEndpoints } from '#contract/site-detail.ts';
import { route } from '#server/http/endpoint-route.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { SitesService } from './sites.service.ts';

export async function sitesRoutes(
  app: FastifyInstance,
  { sites }: { sites: SitesService },
): Promise<void> {
  route(app, catalogueEndpoints.list, (request) =>
    sites.listSites(principalOf(request).userId, request.query),
  );
  route(app, siteDetailEndpoints.similar, (request) =>
    sites.similarSites(principalOf(request).userId, request.query),
  );
  route(app, siteDetailEndpoints.detail, (request) =>
    sites.getSite(principalOf(request).userId, request.params.id, request.query.buyer_domain),
  );
}
