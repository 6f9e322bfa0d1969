import type { FastifyInstance } from 'fastify';

import { purchaseRequestEndpoints as endpoints } from '#contract/purchase-requests.ts';
import { route } from '#server/http/endpoint-route.ts';
import { type IdempotencyOptions, transactionOf } from '#server/http/idempotency.ts';
import { principalOf } from '#server/plugins/auth.ts';

import { requireOrdering } from '../checkout/checkout.service.ts';
import type { PurchaseRequestsService } from './purchase-requests.service.ts';

const atomic = (status: number) => ({
  idempotency: { status, store: 'atomic' } satisfies IdempotencyOptions,
});

export async function purchaseRequestsRoutes(
  app: FastifyInstance,
  { purchaseRequests }: { purchaseRequests: PurchaseRequestsService },
): Promise<void> {
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;
  route(
    app,
    endpoints.create,
    async (request) => {
      await requireOrdering(request, request.body.company);
      return purchaseRequests.create(
        transactionOf(request),
        request,
        userOf(request),
        request.body,
      );
    },
    atomic(201),
  );
  route(app, endpoints.list, (request) =>
    purchaseRequests.list(request, userOf(request), request.query),
  );
  // A repeat with the same key answers the first answer; another approver's repeat finds the
  // request approved under its row lock and answers it with its one order.
  route(
    app,
    endpoints.approve,
    (request) =>
      purchaseRequests.approve(transactionOf(request), request, userOf(request), request.params.id),
    atomic(200),
  );
  route(app, endpoints.decline, (request) =>
    purchaseRequests.decline(request, userOf(request), request.params.id, request.body.reason),
  );
}
