import type { UpdateNotificationPreferences } from '#contract/notifications.ts';
import type { MemberRole } from '#contract/permissions.ts';
import type { NotificationPreferences } from '#contract/profile.ts';
import type { Database } from '#server/db/database.ts';
import { unauthorized } from '#server/http/api-error.ts';

import { updatePreferences } from './notifications.repository.ts';

export interface NotificationsService {
  /** Saves the user's preferences (spec §3, decision 140) and answers them. */
  setPreferences(
    userId: string,
    preferences: UpdateNotificationPreferences,
    /** The member's role in their current company, for the defaults that depend on it. */
    role: MemberRole,
  ): Promise<NotificationPreferences>;
}

export function createNotificationsService({ db }: { db: Database }): NotificationsService {
  return {
    setPreferences: async (userId, preferences, role) => {
      // Only the known keys are written, whatever the caller's object holds.
      const saved = await updatePreferences(
        db,
        userId,
        {
          missing_details_reminder: preferences.missing_details_reminder,
          topic_ready_for_approval: preferences.topic_ready_for_approval,
          content_ready_for_approval: preferences.content_ready_for_approval,
          link_published: preferences.link_published,
          order_summary: preferences.order_summary,
          link_issues: preferences.link_issues,
          company_orders: preferences.company_orders,
          billing_documents: preferences.billing_documents,
          publisher_messages: preferences.publisher_messages,
        },
        role,
      );
      if (!saved) throw unauthorized('The user no longer exists.');
      return saved;
    },
  };
}
