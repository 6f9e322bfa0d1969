import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '#contract/pagination.ts';
import {
  CreateStrategyRequestSchema,
  STRATEGY_REQUESTS_PER_DAY,
  StrategyRequestListSchema,
  StrategyRequestSchema,
} from '#contract/strategy-requests.ts';
import {
  IdempotencyHeadersSchema,
  transactionOf,
  type IdempotencyOptions,
} from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { StrategyRequestsService } from './strategy-requests.service.ts';

const StrategyRequestsQuerySchema = pageQuerySchema({ defaultLimit: 10, maxLimit: 100 });

const common = { tags: ['Strategy requests'], security: [{ bearerAuth: [] }] };

export const strategyRequestsRoutes: FastifyPluginAsyncZod<{
  strategyRequests: StrategyRequestsService;
}> = async (app, { strategyRequests }) => {
  app.get(
    '/strategy-requests',
    {
      schema: {
        ...common,
        summary: "The caller's free strategy requests, newest first",
        querystring: StrategyRequestsQuerySchema,
        response: { 200: StrategyRequestListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => strategyRequests.list(principalOf(request).userId, request.query),
  );

  app.post(
    '/strategy-requests',
    {
      config: { idempotency: { status: 201, store: 'atomic' } satisfies IdempotencyOptions },
      schema: {
        ...common,
        summary: 'Asks for a free link-building strategy for a domain',
        description: `The domain is normalised like a buyer domain. The request is mailed to the buyer's account manager (or the sales team) and confirmed to the buyer by mail. At most ${STRATEGY_REQUESTS_PER_DAY} requests in 24 hours; more answer 429 with Retry-After. A repeat with the same Idempotency-Key answers the first answer.`,
        headers: IdempotencyHeadersSchema,
        body: CreateStrategyRequestSchema,
        response: { 201: StrategyRequestSchema, ...errorResponses(400, 401, 403, 409, 422, 429) },
      },
    },
    (request) =>
      strategyRequests.create(transactionOf(request), principalOf(request).userId, request.body),
  );
};
