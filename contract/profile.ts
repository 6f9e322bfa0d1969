import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { MEMBER_ROLES, type MemberRole, OWN_ACCOUNT } from './permissions.ts';

export const FileRefSchema = z.object({ id: z.string() });

export const NotificationPreferencesSchema = z.object({
  missing_details_reminder: z.boolean(),
  topic_ready_for_approval: z.boolean(),
  content_ready_for_approval: z.boolean(),
  link_published: z.boolean(),
  order_summary: z.boolean(),
  /** A live link failed its checks (decision 140); stored preferences without it count as on. */
  link_issues: z.boolean().default(true),
  /**
   * The order mails above for every order of the companies whose role lets the member see it, not
   * only the orders they placed (decision 208); off unless turned on.
   */
  company_orders: z.boolean().default(false),
  /** Invoices and credit notes of the companies whose role shows billing (decision 208). */
  billing_documents: z.boolean().default(true),
  /**
   * The publisher's messages on the items of the orders the member follows (decision 213). Never
   * set, it is on but for a Viewer: the answer shows it for the role in the current company.
   */
  publisher_messages: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** The preferences added after the first ones, with the value a stored row without them has. */
export const ADDED_PREFERENCE_DEFAULTS = {
  link_issues: true,
  company_orders: false,
  billing_documents: true,
} as const satisfies Partial<NotificationPreferences>;
type AddedPreference = keyof typeof ADDED_PREFERENCE_DEFAULTS;

/** Preferences as a row may hold them: saved before some were added. */
export type StoredNotificationPreferences = Omit<
  NotificationPreferences,
  AddedPreference | 'publisher_messages'
> &
  Partial<Pick<NotificationPreferences, AddedPreference | 'publisher_messages'>>;

/**
 * Stored preferences with the ones added since they were saved, at their defaults; the
 * publisher's messages, never set, are on but for a Viewer (`role`: in the company in question).
 */
export function withPreferenceDefaults(
  stored: StoredNotificationPreferences,
  role: MemberRole,
): NotificationPreferences {
  return {
    ...stored,
    publisher_messages: stored.publisher_messages ?? role !== 'viewer',
    link_issues: stored.link_issues ?? ADDED_PREFERENCE_DEFAULTS.link_issues,
    company_orders: stored.company_orders ?? ADDED_PREFERENCE_DEFAULTS.company_orders,
    billing_documents: stored.billing_documents ?? ADDED_PREFERENCE_DEFAULTS.billing_documents,
  };
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
  /**
   * The buyer's pay-by-bill limit in the company (decision 168), and the company's credits; null
   * for a role that neither buys nor reads the billing, a Viewer (decision 211).
   */
  credit_limit: MoneySchema.nullable(),
  credits_balance: MoneySchema.nullable(),
  is_pay_by_bill_allowed: z.boolean(),
  /**
   * Whether the buyer sees the prices of the company's orders, items and links: false for a
   * Viewer of a company that hides prices from Viewers (decision 206).
   */
  sees_prices: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;

/** GET /v1/buyer/profiles (spec §3 "Buyer profile"). */
export const BuyerProfileSchema = z.object({
  /** The user's id: how orders and items name the member who placed or changed them. */
  id: z.uuid(),
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
