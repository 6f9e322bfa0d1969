import { z } from 'zod';
import { NewPasswordSchema, RegistrationRequestSchema } from '#contract/public-auth.ts';

// The sign-in pages' form schemas, one module loaded when a form first needs it (decision 150).

export { PasswordResetRequestSchema } from '#contract/public-auth.ts';

export const RegisterFormSchema = RegistrationRequestSchema.extend({
  password_confirmation: z.string().min(1, 'Required'),
}).refine((values) => values.password === values.password_confirmation, {
  path: ['password_confirmation'],
  message: 'The passwords do not match',
});
export type RegisterFormValues = z.infer<typeof RegisterFormSchema>;

export const ResetFormSchema = z
  .object({ password: NewPasswordSchema, password_confirmation: z.string().min(1, 'Required') })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });
export type ResetFormValues = z.infer<typeof ResetFormSchema>;
