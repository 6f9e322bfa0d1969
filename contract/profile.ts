import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { MEMBER_ROLES, OWN_ACCOUNT } from './permissions.ts';

export const FileRefSchema = z.object({ id: z.string() });

export const NotificationPreferencesSchema = z.object({
  missing_details_reminder: z.boolean(),
  topic_ready_for_approval: z.boolean(),
  content_ready_for_approval: z.boolean(),
  link_published: z.boolean(),
  order_summary: z.boolean(),
  /** A live link failed its checks (decision 140); stored preferences without it count as on. */
  link_issues: z.boolean().default(true),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** Stored preferences with the ones added since they were saved, at their defaults. */
export function withPreferenceDefaults(
  stored: Partial<NotificationPreferences> & Omit<NotificationPreferences, 'link_issues'>,
): NotificationPreferences {
  return { ...stored, link_issues: stored.link_issues ?? true };
}

export const ManagerSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar_file: FileRefSchema.nullable(),
});
export type Manager = z.infer<typeof ManagerSchema>;

/** Money travels as a decimal string with two digits: "2000.00". */
export const MoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const AccountSchema = z.object({
  id: z.string(),
  company: z.object({ id: z.string(), title: z.string() }),
  is_current: z.boolean(),
  /** The buyer's role in the company (contract/permissions.ts, decision 203). */
  role: z.enum(MEMBER_ROLES),
  /** The buyer's pay-by-bill limit in the company (decision 168). */
  credit_limit: MoneySchema,
  credits_balance: MoneySchema,
  is_pay_by_bill_allowed: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;

/** GET /v1/buyer/profiles (spec §3 "Buyer profile"). */
export const BuyerProfileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_newsletter_subscribed: z.boolean(),
  avatar_file: FileRefSchema.nullable(),
  notification_preferences: NotificationPreferencesSchema,
  roles: z.array(z.string()),
  username: z.string(),
  is_allowed_to_export_sites: z.boolean(),
  sales_manager: ManagerSchema.nullable(),
  account_manager: ManagerSchema.nullable(),
  accounts: z.array(AccountSchema),
});
export type BuyerProfile = z.infer<typeof BuyerProfileSchema>;

/** PUT /v1/buyer/profiles/companies/accounts/current. */
export const CurrentAccountBodySchema = z.strictObject({ account: z.uuid() });
export type CurrentAccountBody = z.infer<typeof CurrentAccountBodySchema>;

export const profileEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v1/buyer/profiles',
    permission: OWN_ACCOUNT,
    access: 'buyer',
    tags: ['Profile'],
    summary: "The signed-in buyer's profile, managers and company accounts",
    status: 200,
    response: BuyerProfileSchema,
    errors: [401, 403],
  }),
  /** Kept here, not with the company requests, so the switch carries no request rules (decision 110). */
  setCurrentAccount: endpoint({
    method: 'PUT',
    path: '/v1/buyer/profiles/companies/accounts/current',
    permission: OWN_ACCOUNT,
    access: 'buyer',
    tags: ['Companies'],
    summary: 'Makes one of the caller’s company accounts the current one',
    description:
      'Checkout’s default company and the dashboard follow the current account. Another buyer’s account answers 404 like an unknown one.',
    body: CurrentAccountBodySchema,
    status: 200,
    response: AccountSchema,
    errors: [400, 401, 403, 404],
  }),
};
