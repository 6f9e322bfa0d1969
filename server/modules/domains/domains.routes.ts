import type { FastifyInstance } from 'fastify';

import { domainEndpoints as endpoints } from '#contract/domains.ts';
import { route } from '#server/http/endpoint-route.ts';
import { type IdempotencyOptions, transactionOf } from '#server/http/idempotency.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { DomainsService } from './domains.service.ts';

export async function domainsRoutes(
  app: FastifyInstance,
  { domains }: { domains: DomainsService },
): Promise<void> {
  route(app, endpoints.list, (request) =>
    domains.listDomains(principalOf(request).userId, request.query),
  );
  route(
    app,
    endpoints.create,
    (request) =>
      domains.addDomain(transactionOf(request), principalOf(request).userId, request.body),
    { idempotency: { status: 201, store: 'atomic' } satisfies IdempotencyOptions },
  );
  route(
    app,
    endpoints.remove,
    async (request) => {
      const { userId } = principalOf(request);
      await domains.deleteDomain(transactionOf(request), userId, request.params.id);
      return null;
    },
    { idempotency: { status: 204, store: 'atomic' } satisfies IdempotencyOptions },
  );
}
