import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

import { cascadingRef, createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The missing-details reminders sent (decision 076): one row per buyer and day, so that however
 * often and in however many processes the daily job runs, a buyer gets at most one a day.
 */
export const missingDetailsReminders = pgTable(
  'missing_details_reminders',
  {
    userId: cascadingRef('user_id', () => users.id),
    /** The UTC day the reminder was sent on. */
    remindedOn: date('reminded_on').notNull(),
    /** How many waiting items it named. */
    itemCount: integer('item_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.remindedOn] })],
);
