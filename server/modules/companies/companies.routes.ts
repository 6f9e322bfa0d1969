import type { FastifyInstance } from 'fastify';

import { companyEndpoints as endpoints } from '#contract/companies.ts';
import { profileEndpoints } from '#contract/profile.ts';
import { route } from '#server/http/endpoint-route.ts';
import { type IdempotencyOptions, transactionOf } from '#server/http/idempotency.ts';
import { callerOf } from '#server/http/member-access.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { CompaniesService } from './companies.service.ts';

export async function companiesRoutes(
  app: FastifyInstance,
  { companies }: { companies: CompaniesService },
): Promise<void> {
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;
  route(app, profileEndpoints.setCurrentAccount, (request) =>
    companies.setCurrentAccount(userOf(request), request.body.account),
  );
  route(app, endpoints.companyOfAccount, (request) =>
    companies.companyOfAccount(callerOf(request), request.params.id),
  );
  route(app, endpoints.billingOfAccount, (request) =>
    companies.billingOfAccount(callerOf(request), request.params.id),
  );
  route(app, endpoints.listRequests, (request) =>
    companies.listRequests(userOf(request), request.query),
  );
  route(
    app,
    endpoints.createRequest,
    (request) => companies.createRequest(transactionOf(request), userOf(request), request.body),
    { idempotency: { status: 201, store: 'atomic' } satisfies IdempotencyOptions },
  );
}
