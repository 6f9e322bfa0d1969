// A buyer's content guidelines (spec §3, decision 085): one row per buyer, the settings as one
// JSON document checked by the contract on the way in, and the custom guidelines file. Order
// items keep their own frozen copy (orders.ts `content_guidelines`, decision 086).
import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

import type { ContentGuidelinesSettings } from '#contract/content-guidelines.ts';

import { files, users } from './users.ts';

export const contentGuidelines = pgTable('content_guidelines', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<ContentGuidelinesSettings>().notNull(),
  /** The custom guidelines file; a replaced file stays stored for the items that froze it. */
  fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
  /** Counts the saves (settings or file); an item's frozen copy names the one it got. */
  revision: integer('revision').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
