import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';
import { savedViewKind } from './enums.ts';
import { users } from './users.ts';

/** A buyer's named filter set or column layout; the value is the client's JSON as given. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: savedViewKind('kind').notNull(),
    name: text('name').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    isFavorite: boolean('is_favorite').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_user_kind_name_key').on(t.userId, t.kind, t.name)],
);
