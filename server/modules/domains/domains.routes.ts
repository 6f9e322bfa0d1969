import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BuyerDomainListSchema,
  BuyerDomainSchema,
  CreateBuyerDomainSchema,
  MAX_BUYER_DOMAINS,
} from '#contract/domains.ts';
import { pageQuerySchema } from '#contract/pagination.ts';
import {
  IdempotencyHeadersSchema,
  transactionOf,
  type IdempotencyOptions,
} from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { DomainsService } from './domains.service.ts';

/** Spec §9: the domain list defaults to 10 per page; 100 is the largest page size offered. */
const DomainsQuerySchema = pageQuerySchema({ defaultLimit: 10, maxLimit: 100 });
const IdParamsSchema = z.object({ id: z.uuid() });
const NoContentSchema = z.null().describe('Deleted');

const common = { tags: ['Domains'], security: [{ bearerAuth: [] }] };

export const domainsRoutes: FastifyPluginAsyncZod<{ domains: DomainsService }> = async (
  app,
  { domains },
) => {
  app.get(
    '/domains',
    {
      schema: {
        ...common,
        summary: "The signed-in buyer's own domains",
        querystring: DomainsQuerySchema,
        response: { 200: BuyerDomainListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => domains.listDomains(principalOf(request).userId, request.query),
  );

  app.post(
    '/domains',
    {
      config: { idempotency: { status: 201, store: 'atomic' } satisfies IdempotencyOptions },
      schema: {
        ...common,
        summary: 'Adds a domain',
        description: `The hostname is normalised (scheme, path, port, trailing dot and a leading www. removed; lower case; an internationalised name as punycode). A domain the buyer already has, an invalid one or one over the limit of ${MAX_BUYER_DOMAINS} is a violation on \`hostname\`. A deleted domain added again comes back with empty lists. A repeat with the same Idempotency-Key answers the first answer.`,
        headers: IdempotencyHeadersSchema,
        body: CreateBuyerDomainSchema,
        response: { 201: BuyerDomainSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    (request) =>
      domains.addDomain(transactionOf(request), principalOf(request).userId, request.body),
  );

  app.delete(
    '/domains/:id',
    {
      config: { idempotency: { status: 204, store: 'atomic' } satisfies IdempotencyOptions },
      schema: {
        ...common,
        summary: 'Deletes a domain',
        description:
          'The domain leaves the lists and its referring domains and competitor groups are removed; cart lines and orders that name it keep it and its hostname (decision 054). A repeat with the same Idempotency-Key answers 204 again.',
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await domains.deleteDomain(
        transactionOf(request),
        principalOf(request).userId,
        request.params.id,
      );
      return null;
    },
  );
};
