import { z } from 'zod';
import { NotificationPreferencesSchema } from './profile.ts';

/**
 * PUT /v1/buyer/profiles/notifications/preferences: every preference, nothing else (an unknown
 * field is a violation, never ignored). `link_issues` may be left out by a client that does not
 * know it yet: the stored value is kept.
 */
export const UpdateNotificationPreferencesSchema = NotificationPreferencesSchema.extend({
  link_issues: z.boolean().optional(),
}).strict();
export type UpdateNotificationPreferences = z.infer<typeof UpdateNotificationPreferencesSchema>;

/** Order items that wait on the buyer for longer than this are named in the daily reminder. */
export const MISSING_DETAILS_WAIT_DAYS = 2;
