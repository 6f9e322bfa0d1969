import type { z } from 'zod';

import { normaliseHostname } from '#contract/hostname.ts';

/** A form's domain field, checked in the browser by the normaliser the API applies. */
export function checkedHostname(base: z.ZodString) {
  return base.superRefine((value, context) => {
    const result = normaliseHostname(value);
    if (!result.ok) context.addIssue({ code: 'custom', message: result.message });
  });
}
