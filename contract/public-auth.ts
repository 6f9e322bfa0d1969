import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { emailWords, fieldWords } from './field-messages.ts';
import { isSingleLine, LINE_BREAK_MESSAGE } from './input-rules.ts';

/** A person's or company's name: one line, since it may reach a mail's header or subject. */
const singleLineName = (label: string, max: number) =>
  z
    .string({ error: fieldWords(label, { empty: `Enter your ${label.toLowerCase()}.` }) })
    .trim()
    .min(1)
    .max(max)
    .refine(isSingleLine, LINE_BREAK_MESSAGE);

/** Passwords: at least 12 characters, at most 1024 (argon2 input bound). */
export const NewPasswordSchema = z
  .string({
    error: fieldWords('A password', {
      empty: 'Choose a password of at least 12 characters.',
      short: 'Use at least 12 characters.',
    }),
  })
  .min(12)
  .max(1024);

/** POST /v1/public/registrations: a new buyer signs up; a confirmation link is mailed. */
export const RegistrationRequestSchema = z.object({
  email: z.email({ error: emailWords }).max(254),
  password: NewPasswordSchema,
  first_name: singleLineName('First name', 100),
  last_name: singleLineName('Last name', 100),
  company_name: singleLineName('Company name', 200),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;

/** POST /v1/public/passwords/resets: always answered 202, whether or not the e-mail is known. */
export const PasswordResetRequestSchema = z.object({
  email: z.email({ error: emailWords }).max(254),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** PUT /v1/public/passwords/resets/{token}. */
export const PasswordResetCompleteSchema = z.object({
  password: NewPasswordSchema,
});
export type PasswordResetComplete = z.infer<typeof PasswordResetCompleteSchema>;

/** The token of a mailed link (registration, password reset, e-mail change), in its path. */
export const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

const AcceptedSchema = z.object({}).describe('Accepted; a mail is sent when it applies');
const DoneSchema = z.null().describe('Done');
const THROTTLE_NOTE = 'At most 10 requests per hour from one address and 3 per e-mail (429).';
const registration = { access: 'public', tags: ['Registration'] } as const;
const passwordReset = { access: 'public', tags: ['Password reset'] } as const;

export const publicAuthEndpoints = {
  register: endpoint({
    ...registration,
    method: 'POST',
    path: '/v1/public/registrations',
    summary: 'Register a buyer; a confirmation link is mailed',
    description: THROTTLE_NOTE,
    body: RegistrationRequestSchema,
    status: 202,
    response: AcceptedSchema,
    errors: [400, 429],
  }),
  confirmRegistration: endpoint({
    ...registration,
    method: 'POST',
    path: '/v1/public/registrations/confirmations/{token}',
    summary: 'Confirm a registration with the mailed token',
    params: TokenParamsSchema,
    status: 204,
    response: DoneSchema,
    errors: [400, 404],
  }),
  requestPasswordReset: endpoint({
    ...passwordReset,
    method: 'POST',
    path: '/v1/public/passwords/resets',
    summary: 'Ask for a password reset link (accepted whether or not the e-mail has an account)',
    description: THROTTLE_NOTE,
    body: PasswordResetRequestSchema,
    status: 202,
    response: AcceptedSchema,
    errors: [400, 429],
  }),
  checkPasswordReset: endpoint({
    ...passwordReset,
    method: 'GET',
    path: '/v1/public/passwords/resets/{token}',
    summary: 'Check that a mailed reset link can still be used, without using it',
    description:
      'The reset page asks this when it opens, so an expired or used link says so before a ' +
      'new password is typed. The token is 32 random bytes, so answering it reveals nothing.',
    params: TokenParamsSchema,
    status: 204,
    response: DoneSchema,
    errors: [400, 404],
  }),
  resetPassword: endpoint({
    ...passwordReset,
    method: 'PUT',
    path: '/v1/public/passwords/resets/{token}',
    summary: 'Set a new password with the mailed token; signs out every session',
    params: TokenParamsSchema,
    body: PasswordResetCompleteSchema,
    status: 204,
    response: DoneSchema,
    errors: [400, 404],
  }),
};
