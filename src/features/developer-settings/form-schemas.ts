import { z } from 'zod';

import { fieldWords } from '#contract/field-messages.ts';

/** Where API calls go and the optional X-Origin header, as the developer settings take them. */
export const SettingsSchema = z.object({
  apiBaseUrl: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || value.startsWith('/') || /^https?:\/\/[^\s/]+/i.test(value),
      {
        message: 'Use a path such as /api or an http(s) URL',
      },
    ),
  customHeaderXOrigin: z
    .string({ error: fieldWords('The X-Origin header') })
    .trim()
    .max(255)
    .refine((value) => !/[\r\n]/.test(value), { message: 'Newlines are not allowed' }),
});
