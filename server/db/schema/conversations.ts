// The conversation on each order item (decision 213): its entries (messages and the item's
// events, in one sequence), how far each member has read it, how far the publisher has, and what
// of it was mailed.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { cascadingRef, createdAt } from './columns.ts';
import { orderItems } from './orders.ts';
import { files, users } from './users.ts';

export const itemMessages = pgTable(
  'item_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of entries, across threads: later entries have higher numbers. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    itemId: cascadingRef('item_id', () => orderItems.id),
    /** 'message' or 'event'. */
    kind: text('kind').notNull(),
    /** For an event: which (contract/conversations.ts THREAD_EVENTS). */
    event: text('event'),
    /** 'buyer', 'publisher' or 'platform'. */
    side: text('side').notNull(),
    /** The member who wrote it or caused the event; null for the publisher and the platform. */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name as written then: a member's, the publisher's site, or "Platform". */
    authorName: text('author_name').notNull(),
    /** The text as written (unmasked); masking is applied as each reader reads it. */
    body: text('body').notNull(),
    /** A document sent with a message (the feedback files' rules); readable as the item's files. */
    attachmentFileId: uuid('attachment_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('item_messages_item_id_seq_idx').on(table.itemId, table.seq),
    check('item_messages_kind_check', sql`${table.kind} in ('message', 'event')`),
    check('item_messages_side_check', sql`${table.side} in ('buyer', 'publisher', 'platform')`),
    check(
      'item_messages_event_check',
      sql`(${table.kind} = 'event') = (${table.event} is not null)`,
    ),
  ],
);

/** How far a member has read a thread: every entry up to `read_seq`. */
export const itemThreadReads = pgTable(
  'item_thread_reads',
  {
    userId: cascadingRef('user_id', () => users.id),
    itemId: cascadingRef('item_id', () => orderItems.id),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemId] }),
    index('item_thread_reads_item_id_idx').on(table.itemId),
  ],
);

/** How far the publisher has read a thread; the buyer side's messages up to it show as read. */
export const itemThreadPublisherReads = pgTable('item_thread_publisher_reads', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => orderItems.id, { onDelete: 'cascade' }),
  readSeq: bigint('read_seq', { mode: 'number' }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
});

/**
 * What of a thread has been mailed: the publisher's messages up to `mailed_seq`, last at
 * `mailed_at`. A thread is mailed at most once per quarter of an hour (decision 213).
 */
export const itemThreadMails = pgTable('item_thread_mails', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => orderItems.id, { onDelete: 'cascade' }),
  mailedSeq: bigint('mailed_seq', { mode: 'number' }).notNull(),
  mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull(),
});
