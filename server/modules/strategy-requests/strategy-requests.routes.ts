import type { FastifyInstance } from 'fastify';

import { strategyRequestEndpoints as endpoints } from '#contract/strategy-requests.ts';
import { route } from '#server/http/endpoint-route.ts';
import { type IdempotencyOptions, transactionOf } from '#server/http/idempotency.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { StrategyRequestsService } from './strategy-requests.service.ts';

export async function strategyRequestsRoutes(
  app: FastifyInstance,
  { strategyRequests }: { strategyRequests: StrategyRequestsService },
): Promise<void> {
  route(app, endpoints.list, (request) =>
    strategyRequests.list(principalOf(request).userId, request.query),
  );
  route(
    app,
    endpoints.create,
    (request) =>
      strategyRequests.create(transactionOf(request), principalOf(request).userId, request.body),
    { idempotency: { status: 201, store: 'atomic' } satisfies IdempotencyOptions },
  );
}
