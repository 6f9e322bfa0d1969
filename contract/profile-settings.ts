import { z } from 'zod';
import { fieldWords } from './field-messages.ts';
import { NewPasswordSchema } from './public-auth.ts';

/** Control characters (NUL included) are refused in names and phone numbers. */
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
export const CONTROL_CHARACTERS_MESSAGE = 'This value contains characters that are not allowed.';
export const PHONE_MESSAGE =
  'This value is not a valid phone number. Use digits, spaces, "+", "-", "(" and ")".';

const nameSchema = (label: string) =>
  z
    .string({ error: fieldWords(label, { empty: `Enter your ${label.toLowerCase()}.` }) })
    .trim()
    .min(1)
    .max(100)
    .regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);

/** A phone number as people write it: 6 to 20 digits with +, spaces, dashes, dots and brackets. */
export const PhoneSchema = z
  .string({ error: fieldWords('A phone number') })
  .trim()
  .max(40, { abort: true })
  .refine((value) => {
    if (value === '') return true;
    const digits = value.replace(/\D/g, '').length;
    return /^\+?[\d\s().-]+$/.test(value) && digits >= 6 && digits <= 20;
  }, PHONE_MESSAGE)
  .transform((value) => (value === '' ? null : value));

/**
 * PUT /v1/buyer/profiles: the details a buyer may change themselves. Strict: any other field
 * (email, roles, credit limits, export permission, ...) is refused with a violation on it.
 * The e-mail address changes through its own confirmed flow (decision 071).
 */
export const ProfileDetailsUpdateSchema = z.strictObject({
  first_name: nameSchema('First name'),
  last_name: nameSchema('Last name'),
  phone: PhoneSchema.nullable(),
  is_newsletter_subscribed: z.boolean(),
});
export type ProfileDetailsUpdate = z.input<typeof ProfileDetailsUpdateSchema>;

export const CURRENT_PASSWORD_WRONG_MESSAGE = 'The current password is not correct.';
export const SAME_EMAIL_MESSAGE = 'This is already your e-mail address.';
export const SAME_PASSWORD_MESSAGE = 'The new password must differ from the current one.';

const CurrentPasswordSchema = z
  .string({ error: fieldWords('The password', { empty: 'Enter your current password.' }) })
  .min(1)
  .max(1024);

/** POST /v1/buyer/profiles/email-changes: a confirmation link is mailed to the new address. */
export const EmailChangeRequestSchema = z.strictObject({
  new_email: z.string().trim().pipe(z.email('Invalid email').max(254)),
  current_password: CurrentPasswordSchema,
});
export type EmailChangeRequest = z.infer<typeof EmailChangeRequestSchema>;

/** What the buyer is told after asking: where the link went and until when it works. */
export const EmailChangeAcceptedSchema = z.object({
  new_email: z.string(),
  expires_at: z.iso.datetime(),
});
export type EmailChangeAccepted = z.infer<typeof EmailChangeAcceptedSchema>;

/** POST /v1/public/email-changes/confirmations/{token}: the address that is now the buyer's. */
export const EmailChangeConfirmedSchema = z.object({ email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof EmailChangeConfirmedSchema>;

/** PUT /v1/common/profiles/passwords/changes (multipart form fields, spec §7). */
export const PasswordChangeSchema = z.strictObject({
  current_password: CurrentPasswordSchema,
  new_password: NewPasswordSchema,
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;
