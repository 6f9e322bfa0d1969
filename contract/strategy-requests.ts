// Free strategy requests (spec §1, §2 "help and free-strategy card", §7): a buyer asks the team
// for a link-building plan for a domain and follows the request's status.
import { z } from 'zod';
import { fieldWords } from './field-messages.ts';
import { HOSTNAME_MESSAGES, MAX_HOSTNAME_INPUT_LENGTH } from './hostname.ts';
import { listOf } from './pagination.ts';

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
