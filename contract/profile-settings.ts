import { z } from 'zod';

import { endpoint, multipart } from './endpoint.ts';
import { NoContentSchema } from './endpoint-schemas.ts';
import { fieldWords } from './field-messages.ts';
import { OWN_ACCOUNT } from './permissions.ts';
import { BuyerProfileSchema } from './profile.ts';
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

/** The token of a mailed e-mail change link. */
export const EmailChangeTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** Said of the calls that check the current password. */
export const SIGN_IN_LIMITS_NOTE =
  'A wrong current password counts as a failed sign-in of the account and the client address; ' +
  'past the sign-in limits the call answers 429 with Retry-After.';

export const accountSettingsEndpoints = {
  updateDetails: endpoint({
    method: 'PUT',
    path: '/v1/buyer/profiles',
    permission: OWN_ACCOUNT,
    access: 'buyer',
    tags: ['Profile'],
    summary: "Change the buyer's own details; answers the profile",
    description:
      'Only these four fields; any other (email, roles, credit limits, export permission, ...) ' +
      'is refused with a violation on it and nothing is changed. An empty phone clears it.',
    body: ProfileDetailsUpdateSchema,
    status: 200,
    response: BuyerProfileSchema,
    errors: [400, 401, 403],
  }),
  requestEmailChange: endpoint({
    method: 'POST',
    path: '/v1/buyer/profiles/email-changes',
    permission: OWN_ACCOUNT,
    access: 'buyer',
    tags: ['Profile'],
    summary: 'Ask to change the e-mail address; a confirmation link is mailed to the new one',
    description:
      'The address changes only when the link (valid 24 hours, once) is opened; the current ' +
      'address is told. An address that already has an account gets a notice instead, with ' +
      `the same answer. ${SIGN_IN_LIMITS_NOTE}`,
    body: EmailChangeRequestSchema,
    status: 202,
    response: EmailChangeAcceptedSchema,
    errors: [400, 401, 403, 429],
  }),
  /** Public: the link may be opened on a device that is not signed in. */
  confirmEmailChange: endpoint({
    method: 'POST',
    path: '/v1/public/email-changes/confirmations/{token}',
    access: 'public',
    tags: ['Profile'],
    summary: 'Confirm an e-mail change with the token mailed to the new address',
    description:
      '404 when the link is unknown, used, replaced by a newer request or expired; 409 when ' +
      'the address got an account of its own meanwhile. Every session of the account ends, ' +
      "but the caller's when it sends the account's own access token.",
    params: EmailChangeTokenParamsSchema,
    status: 200,
    response: EmailChangeConfirmedSchema,
    errors: [400, 404, 409],
  }),
  /** Multipart form fields, as spec §7 says. */
  changePassword: endpoint({
    method: 'PUT',
    path: '/v1/common/profiles/passwords/changes',
    permission: OWN_ACCOUNT,
    access: 'buyer',
    tags: ['Profile'],
    summary: 'Change the password (multipart form: current_password, new_password)',
    description:
      'The new password needs 12 characters and must not be common or easy to guess. The ' +
      'session that changes it stays signed in; every other session ends, its next request ' +
      `answered 401, and the buyer is mailed. ${SIGN_IN_LIMITS_NOTE}`,
    body: multipart(PasswordChangeSchema),
    status: 204,
    response: NoContentSchema,
    errors: [400, 401, 403, 413, 415, 429],
  }),
};
