import * as z from 'zod/mini';

import {
  EMAIL_EMPTY_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  PASSWORD_EMPTY_MESSAGE,
} from '#contract/field-messages.ts';

// The sign-in form's schema, in zod's tree-shakable build: the sign-in page loads only the parts
// of zod these two fields use, not the whole method-carrying API (decision 161).

export const LoginFormSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, EMAIL_EMPTY_MESSAGE)),
    z.email(EMAIL_INVALID_MESSAGE),
  ),
  password: z.string().check(z.minLength(1, PASSWORD_EMPTY_MESSAGE)),
});
export type LoginFormValues = z.infer<typeof LoginFormSchema>;
