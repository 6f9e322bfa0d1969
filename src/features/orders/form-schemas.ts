import { z } from 'zod';

import {
  REQUEST_EDITS_REASON_MAX_LENGTH,
  REQUEST_EDITS_REASON_TOO_LONG_MESSAGE,
} from '#contract/order-items.ts';

export const REQUEST_EDITS_REASON_EMPTY_MESSAGE = 'Say what the publisher should change.';

/**
 * What to change in a live link's article, asked with every request for edits: 1 to 5,000
 * characters once trimmed; the server posts it to each item's conversation (decision 213).
 */
export const RequestEditsFormSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, REQUEST_EDITS_REASON_EMPTY_MESSAGE)
    .max(REQUEST_EDITS_REASON_MAX_LENGTH, REQUEST_EDITS_REASON_TOO_LONG_MESSAGE),
});
