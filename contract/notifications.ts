import { NotificationPreferencesSchema } from './profile.ts';

/**
 * PUT /v1/buyer/profiles/notifications/preferences: all five preferences, nothing else (an unknown
 * field is a violation, never ignored).
 */
export const UpdateNotificationPreferencesSchema = NotificationPreferencesSchema.strict();

/** Order items that wait on the buyer for longer than this are named in the daily reminder. */
export const MISSING_DETAILS_WAIT_DAYS = 2;
