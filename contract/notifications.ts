import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { OWN_ACCOUNT } from './permissions.ts';
import { NotificationPreferencesSchema } from './profile.ts';

/**
 * PUT /v1/buyer/profiles/notifications/preferences: every preference, nothing else (an unknown
 * field is a violation, never ignored). `link_issues`, `company_orders`, `billing_documents` and
 * `publisher_messages` may be left out by a client that does not know them yet: the stored values are kept.
 */
export const UpdateNotificationPreferencesSchema = NotificationPreferencesSchema.extend({
  link_issues: z.boolean().optional(),
  company_orders: z.boolean().optional(),
  billing_documents: z.boolean().optional(),
  publisher_messages: z.boolean().optional(),
}).strict();
export type UpdateNotificationPreferences = z.infer<typeof UpdateNotificationPreferencesSchema>;

/** Order items that wait on the buyer for longer than this are named in the daily reminder. */
export const MISSING_DETAILS_WAIT_DAYS = 2;

export const notificationEndpoints = {
  setPreferences: endpoint({
    method: 'PUT',
    path: '/v1/buyer/profiles/notifications/preferences',
    permission: OWN_ACCOUNT,
    access: 'buyer',
    tags: ['Profile'],
    summary: "Sets the signed-in buyer's notification preferences",
    description:
      'All are required but `link_issues`, `company_orders`, `billing_documents` and `publisher_messages`, which keep their stored values when left out; any other field is a violation. The order mails, the daily missing-details reminder, the link issue mails, the invoice and credit-note mails and the publisher’s messages follow them, in each company for what the member’s role there may see (decisions 208, 213).',
    body: UpdateNotificationPreferencesSchema,
    status: 200,
    response: NotificationPreferencesSchema,
    errors: [400, 401, 403],
  }),
};
