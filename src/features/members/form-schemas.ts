import { z } from 'zod';

import { MONEY_AMOUNT_PATTERN } from '#contract/list-query.ts';
import { MAX_MONTHLY_LIMIT, MONTHLY_LIMIT_TOO_HIGH_MESSAGE } from '#contract/members.ts';

/** The limit as typed: euro with up to two decimals, or empty for no limit. */
export const LimitFormSchema = z.object({
  limit: z
    .string()
    .trim()
    .refine((value) => value === '' || MONEY_AMOUNT_PATTERN.test(value), {
      message: 'Enter an amount in euro, such as 500 or 500.00, or leave it empty for no limit.',
    })
    // The API's bound (MonthlyLimitSchema), checked before anything is sent.
    .refine((value) => !(Number(value) > MAX_MONTHLY_LIMIT), {
      message: MONTHLY_LIMIT_TOO_HIGH_MESSAGE,
    }),
});
export type LimitFormValues = z.infer<typeof LimitFormSchema>;

/** "500" → "500.00"; empty → null (no limit). */
export function limitForWire(typed: string): string | null {
  const value = typed.trim();
  if (value === '') return null;
  const [whole = '0', cents = ''] = value.split('.');
  return `${whole}.${cents.padEnd(2, '0')}`;
}
