import { z } from 'zod';
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
