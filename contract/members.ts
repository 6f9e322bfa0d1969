// Teams (decision 203): the members of a company account with their roles and monthly limits,
// invitations to join it, and the company's settings for members. Members and invitations are
// those of the caller's current company; an invitation is accepted by the person it was mailed to,
// signed in (an existing buyer) or registering with it (a new one).
import { z } from 'zod';

import { AuthResponseSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { IdempotencyHeadersSchema, IdParamsSchema, NoContentSchema } from './endpoint-schemas.ts';
import { emailWords, fieldWords } from './field-messages.ts';
import { isSingleLine, LINE_BREAK_MESSAGE } from './input-rules.ts';
import { listOf } from './pagination.ts';
import { inCurrent, MEMBER_ROLES, OWN_ACCOUNT } from './permissions.ts';
import { FileRefSchema, MoneySchema } from './profile.ts';
import { NewPasswordSchema, TokenParamsSchema } from './public-auth.ts';

export const MemberRoleSchema = z.enum(MEMBER_ROLES);

/** Days an invitation can be accepted in. */
export const INVITATION_DAYS = 7;

export const MEMBER_NOT_FOUND_MESSAGE = 'This member does not exist.';
export const INVITATION_NOT_FOUND_MESSAGE = 'This invitation does not exist.';
export const INVITATION_INVALID_MESSAGE =
  'This invitation is no longer valid: it was used, revoked or has expired. Ask for a new one.';
export const INVITATION_OTHER_EMAIL_MESSAGE =
  'This invitation was sent to another e-mail address. Sign in with that address to accept it.';
export const ALREADY_MEMBER_MESSAGE = 'This person is already a member of the company.';
export const LAST_OWNER_MESSAGE =
  'A company keeps at least one Owner: make another member Owner first.';
export const OWNERS_BY_OWNERS_MESSAGE = 'Only an Owner can change or remove an Owner.';
export const LIMIT_FOR_BUYERS_MESSAGE = 'A monthly limit applies to Buyers only.';
export const REMOVE_YOURSELF_MESSAGE =
  'You cannot remove yourself: leave the company from your profile instead.';
export const INVITATION_HAS_ACCOUNT_MESSAGE =
  'An account with this e-mail address exists: sign in to accept the invitation.';
export const TOO_MANY_INVITATIONS_MESSAGE = 'Too many invitations. Try again later.';

/**
 * The largest monthly limit, in euro: far above any Buyer's month, and well inside what a money
 * column (numeric(12,2)) holds.
 */
export const MAX_MONTHLY_LIMIT = 1_000_000;
export const MONTHLY_LIMIT_TOO_HIGH_MESSAGE = `Enter a limit of at most ${MAX_MONTHLY_LIMIT.toLocaleString('en-US')}.00 €.`;

/** Net euro a Buyer may order per month without approval: "500.00"; null is no limit. */
export const MonthlyLimitSchema = MoneySchema.refine((value) => !value.startsWith('-'), {
  message: 'Enter an amount of 0 or more.',
})
  .refine((value) => !(Number(value) > MAX_MONTHLY_LIMIT), {
    message: MONTHLY_LIMIT_TOO_HIGH_MESSAGE,
  })
  .nullable();

/** A member of the current company account. `id` is the membership's (the account's) id. */
export const MemberSchema = z.object({
  id: z.uuid(),
  user: z.object({
    id: z.uuid(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    avatar_file: FileRefSchema.nullable(),
  }),
  role: MemberRoleSchema,
  /** For a Buyer: net euro per calendar month without approval; null: no limit. */
  monthly_limit: MoneySchema.nullable(),
  /** Net euro of the orders the member placed this calendar month. */
  spent_this_month: MoneySchema,
  joined_at: z.iso.datetime({ offset: true }),
  is_you: z.boolean(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MemberListSchema = listOf(MemberSchema);

/** PATCH /members/{id}: a new role, a new limit, or both. */
export const MemberUpdateSchema = z
  .strictObject({
    role: MemberRoleSchema.optional(),
    monthly_limit: MonthlyLimitSchema.optional(),
  })
  .refine((body) => body.role !== undefined || body.monthly_limit !== undefined, {
    message: 'Give a role, a monthly limit, or both.',
  });
export type MemberUpdate = z.infer<typeof MemberUpdateSchema>;

export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: MemberRoleSchema,
  invited_by: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationListSchema = listOf(InvitationSchema);

export const InvitationCreateSchema = z.strictObject({
  email: z.email({ error: emailWords }).max(254),
  role: MemberRoleSchema,
});
export type InvitationCreate = z.infer<typeof InvitationCreateSchema>;

/** What the link of an invitation shows before it is accepted. */
export const InvitationPreviewSchema = z.object({
  company: z.object({ title: z.string() }),
  role: MemberRoleSchema,
  email: z.string(),
  invited_by: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  expires_at: z.iso.datetime({ offset: true }),
  /** Whether a buyer with the invited address exists: sign in to accept, or register. */
  has_account: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const InvitationAcceptedSchema = z.object({
  company: z.object({ id: z.uuid(), title: z.string() }),
  role: MemberRoleSchema,
});
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;

const personName = (label: string) =>
  z
    .string({ error: fieldWords(label, { empty: `Enter your ${label.toLowerCase()}.` }) })
    .trim()
    .min(1)
    .max(100)
    .refine(isSingleLine, LINE_BREAK_MESSAGE);

/** A new buyer registering with an invitation: the address is the invitation's. */
export const InvitationRegistrationSchema = z.strictObject({
  first_name: personName('First name'),
  last_name: personName('Last name'),
  password: NewPasswordSchema,
});
export type InvitationRegistration = z.infer<typeof InvitationRegistrationSchema>;

/** The company's settings for its members. */
export const TeamSettingsSchema = z.strictObject({
  /** Whether members with the Viewer role see no prices. */
  are_prices_hidden_from_viewers: z.boolean(),
});
export type TeamSettings = z.infer<typeof TeamSettingsSchema>;

const members = { access: 'buyer', tags: ['Members'] } as const;
const manage = inCurrent('members.manage');

export const memberEndpoints = {
  list: endpoint({
    ...members,
    method: 'GET',
    path: '/v1/buyer/members',
    permission: manage,
    summary: 'The members of the current company account',
    status: 200,
    response: MemberListSchema,
    errors: [401, 403],
  }),
  update: endpoint({
    ...members,
    method: 'PATCH',
    path: '/v1/buyer/members/{id}',
    permission: manage,
    summary: 'Changes a member’s role or monthly limit',
    description:
      'Only an Owner changes an Owner; the last Owner keeps the role. A limit applies to Buyers only.',
    params: IdParamsSchema,
    body: MemberUpdateSchema,
    status: 200,
    response: MemberSchema,
    errors: [400, 401, 403, 404, 422],
  }),
  remove: endpoint({
    ...members,
    method: 'DELETE',
    path: '/v1/buyer/members/{id}',
    permission: manage,
    summary: 'Removes a member from the company',
    description:
      'Their access to the company ends with their next request; what they did stays in the record. Only an Owner removes an Owner, and never the last one.',
    params: IdParamsSchema,
    status: 204,
    response: NoContentSchema,
    errors: [400, 401, 403, 404, 422],
  }),
  leave: endpoint({
    ...members,
    method: 'DELETE',
    path: '/v1/buyer/profiles/accounts/{id}',
    permission: OWN_ACCOUNT,
    summary: 'Leaves a company account of the caller',
    description: 'The last Owner cannot leave.',
    params: IdParamsSchema,
    status: 204,
    response: NoContentSchema,
    errors: [400, 401, 404, 422],
  }),
  settings: endpoint({
    ...members,
    method: 'GET',
    path: '/v1/buyer/team-settings',
    permission: manage,
    summary: 'The current company’s settings for its members',
    status: 200,
    response: TeamSettingsSchema,
    errors: [401, 403],
  }),
  saveSettings: endpoint({
    ...members,
    method: 'PUT',
    path: '/v1/buyer/team-settings',
    permission: manage,
    summary: 'Saves the current company’s settings for its members',
    body: TeamSettingsSchema,
    status: 200,
    response: TeamSettingsSchema,
    errors: [400, 401, 403, 422],
  }),
};

const invitations = { access: 'buyer', tags: ['Invitations'] } as const;

export const invitationEndpoints = {
  list: endpoint({
    ...invitations,
    method: 'GET',
    path: '/v1/buyer/invitations',
    permission: manage,
    summary: 'The pending invitations of the current company account',
    status: 200,
    response: InvitationListSchema,
    errors: [401, 403],
  }),
  create: endpoint({
    ...invitations,
    method: 'POST',
    path: '/v1/buyer/invitations',
    permission: manage,
    summary: 'Invites a person by e-mail with a role',
    description: `Mails a single-use link valid for ${INVITATION_DAYS} days; a new invitation to the same address replaces the pending one. Only an Owner invites an Owner.`,
    headers: IdempotencyHeadersSchema,
    body: InvitationCreateSchema,
    status: 201,
    response: InvitationSchema,
    errors: [400, 401, 403, 422, 429],
  }),
  revoke: endpoint({
    ...invitations,
    method: 'DELETE',
    path: '/v1/buyer/invitations/{id}',
    permission: manage,
    summary: 'Revokes a pending invitation',
    params: IdParamsSchema,
    status: 204,
    response: NoContentSchema,
    errors: [400, 401, 403, 404],
  }),
  preview: endpoint({
    access: 'public',
    tags: ['Invitations'],
    method: 'GET',
    path: '/v1/public/invitations/{token}',
    summary: 'What an invitation link offers',
    params: TokenParamsSchema,
    status: 200,
    response: InvitationPreviewSchema,
    errors: [400, 404, 429],
  }),
  accept: endpoint({
    ...invitations,
    method: 'POST',
    path: '/v1/buyer/invitations/{token}/acceptances',
    permission: OWN_ACCOUNT,
    summary: 'Accepts an invitation as the signed-in buyer it was sent to',
    description:
      'Adds the company to the caller’s accounts with the invited role and makes it current; the link is used up.',
    params: TokenParamsSchema,
    status: 200,
    response: InvitationAcceptedSchema,
    errors: [400, 401, 404, 422],
  }),
  register: endpoint({
    access: 'public',
    tags: ['Invitations'],
    method: 'POST',
    path: '/v1/public/invitations/{token}/registrations',
    summary: 'Registers a new buyer with an invitation and signs them in',
    description:
      'The address is the invitation’s, confirmed by the link; the company is added with the invited role.',
    params: TokenParamsSchema,
    body: InvitationRegistrationSchema,
    status: 201,
    response: AuthResponseSchema,
    errors: [400, 404, 422, 429],
  }),
};
