import { CreateStrategyRequestSchema } from '#contract/strategy-requests.ts';
import { checkedHostname } from '#src/utils/hostname-field.ts';

/** The contract's body, with the shared normaliser checked before anything is sent. */
export const StrategyFormSchema = CreateStrategyRequestSchema.extend({
  domain: checkedHostname(CreateStrategyRequestSchema.shape.domain),
});
