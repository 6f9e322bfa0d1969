import { z } from 'zod';

import { PASSWORD_REPEAT_EMPTY_MESSAGE } from '#contract/field-messages.ts';
import { NewPasswordSchema, RegistrationRequestSchema } from '#contract/public-auth.ts';

// The sign-in pages' form schemas, one module loaded when a form first needs it (decision 150).

export { PasswordResetRequestSchema } from '#contract/public-auth.ts';

export const RegisterFormSchema = RegistrationRequestSchema.extend({
  password_confirmation: z.string().min(1, PASSWORD_REPEAT_EMPTY_MESSAGE),
}).refine((values) => values.password === values.password_confirmation, {
  path: ['password_confirmation'],
  message: 'The passwords do not match',
});
export type RegisterFormValues = z.infer<typeof RegisterFormSchema>;

export const ResetFormSchema = z
  .object({
    password: NewPasswordSchema,
    password_confirmation: z.string().min(1, PASSWORD_REPEAT_EMPTY_MESSAGE),
  })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });
export type ResetFormValues = z.infer<typeof ResetFormSchema>;
