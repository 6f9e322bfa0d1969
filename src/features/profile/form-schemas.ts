import { z } from 'zod';

import { PasswordChangeSchema } from '#contract/profile-settings.ts';

// The profile's form schemas: the contract's bodies with what only the form asks.

export const PasswordFormSchema = PasswordChangeSchema.extend({
  new_password_confirmation: z.string().min(1, 'Type the new password again.'),
}).refine((values) => values.new_password === values.new_password_confirmation, {
  path: ['new_password_confirmation'],
  message: 'The passwords do not match',
});
