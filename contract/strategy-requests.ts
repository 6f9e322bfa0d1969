// Free strategy requests (spec §1, §2 "help and free-strategy card", §7): a buyer asks the team
// for a link-building plan for a domain and follows the request's status.
import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { IdempotencyHeadersSchema } from './endpoint-schemas.ts';
import { fieldWords } from './field-messages.ts';
import { HOSTNAME_MESSAGES, MAX_HOSTNAME_INPUT_LENGTH } from './hostname.ts';
import { listOf, pageQuerySchema } from './pagination.ts';
import { inCurrent } from './permissions.ts';

export const StrategyRequestStatusSchema = z.enum(['received', 'in_progress', 'sent']);
export type StrategyRequestStatus = z.infer<typeof StrategyRequestStatusSchema>;

export const STRATEGY_REQUEST_STATUS_LABELS: Record<StrategyRequestStatus, string> = {
  received: 'Received',
  in_progress: 'In progress',
  sent: 'Strategy sent',
};

export const STRATEGY_DESCRIPTION_MIN = 10;
export const STRATEGY_DESCRIPTION_MAX = 2000;
/** Requests one buyer may send in 24 hours; more answer 429. */
export const STRATEGY_REQUESTS_PER_DAY = 5;

/** POST /api/v1/buyer/strategy-requests: `domain` is normalised like a buyer domain. */
export const CreateStrategyRequestSchema = z.strictObject({
  domain: z.string().max(MAX_HOSTNAME_INPUT_LENGTH, HOSTNAME_MESSAGES.too_long),
  description: z
    .string({
      error: fieldWords('Your request', {
        empty: 'Tell us what you would like help with.',
        short: `Tell us a little more: at least ${STRATEGY_DESCRIPTION_MIN} characters.`,
      }),
    })
    .trim()
    .min(STRATEGY_DESCRIPTION_MIN)
    .max(STRATEGY_DESCRIPTION_MAX),
});
export type CreateStrategyRequest = z.infer<typeof CreateStrategyRequestSchema>;

export const StrategyRequestSchema = z.object({
  id: z.string(),
  domain: z.string(),
  description: z.string(),
  status: StrategyRequestStatusSchema,
  created_at: z.string(),
});
export type StrategyRequest = z.infer<typeof StrategyRequestSchema>;

export const StrategyRequestListSchema = listOf(StrategyRequestSchema);
export type StrategyRequestList = z.infer<typeof StrategyRequestListSchema>;

const strategyRequests = { access: 'buyer', tags: ['Strategy requests'] } as const;

export const strategyRequestEndpoints = {
  list: endpoint({
    ...strategyRequests,
    method: 'GET',
    path: '/v1/buyer/strategy-requests',
    permission: inCurrent('catalogue.use'),
    summary: "The caller's free strategy requests, newest first",
    query: pageQuerySchema({ defaultLimit: 10, maxLimit: 100 }),
    status: 200,
    response: StrategyRequestListSchema,
    errors: [400, 401, 403],
  }),
  create: endpoint({
    ...strategyRequests,
    method: 'POST',
    path: '/v1/buyer/strategy-requests',
    permission: inCurrent('catalogue.use'),
    summary: 'Asks for a free link-building strategy for a domain',
    description: `The domain is normalised like a buyer domain. The request is mailed to the buyer's account manager (or the sales team) and confirmed to the buyer by mail. At most ${STRATEGY_REQUESTS_PER_DAY} requests in 24 hours; more answer 429 with Retry-After. A repeat with the same Idempotency-Key answers the first answer.`,
    headers: IdempotencyHeadersSchema,
    body: CreateStrategyRequestSchema,
    status: 201,
    response: StrategyRequestSchema,
    errors: [400, 401, 403, 409, 422, 429],
  }),
};
