import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BuyerDomainListSchema } from '#contract/domains.ts';
import { pageQuerySchema } from '#contract/pagination.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { DomainsService } from './domains.service.ts';
import { errorResponses } from '#server/http/responses.ts';

/** Spec §9: the domain list defaults to 10 per page; 100 is the largest page size offered. */
const DomainsQuerySchema = pageQuerySchema({ defaultLimit: 10, maxLimit: 100 });

export const domainsRoutes: FastifyPluginAsyncZod<{ domains: DomainsService }> = async (
  app,
  { domains },
) => {
  app.get(
    '/domains',
    {
      schema: {
        tags: ['Domains'],
        summary: "The signed-in buyer's own domains",
        security: [{ bearerAuth: [] }],
        querystring: DomainsQuerySchema,
        response: { 200: BuyerDomainListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => domains.listDomains(principalOf(request).userId, request.query),
  );
};
