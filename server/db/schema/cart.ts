// The buyer's shopping cart: one row per article (decision 031). Prices are not stored: a cart
// item shows the site's and the plan's current prices, and the order freezes them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';

import { sites } from './catalogue.ts';
import { cascadingRef, createdAt } from './columns.ts';
import { buyerDomains } from './domains.ts';
import { contentProductPlans, niches } from './reference.ts';
import { users } from './users.ts';

export const articleTopic = pgEnum('article_topic', [
  'i_will_write_my_topic',
  'please_provide_me_a_topic',
]);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the cart lists newest first, also among items created together. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: cascadingRef('user_id', () => users.id),
    siteId: cascadingRef('site_id', () => sites.id),
    buyerDomainId: uuid('buyer_domain_id')
      .notNull()
      .references(() => buyerDomains.id, { onDelete: 'cascade' }),
    /** The link type: a niche the site prices. */
    nicheId: uuid('niche_id')
      .notNull()
      .references(() => niches.id),
    /** Null: the buyer provides article and image ('provide'). */
    contentProductPlanId: uuid('content_product_plan_id').references(() => contentProductPlans.id),
    wordCount: integer('word_count'),
    articleTopic: articleTopic('article_topic').notNull(),
    isTopicNeedsApproval: boolean('is_topic_needs_approval').notNull().default(false),
    topic: text('topic'),
    anchorText: text('anchor_text'),
    targetUrl: text('target_url'),
    customId: uuid('custom_id'),
    comments: text('comments'),
    publishingDueDate: date('publishing_due_date'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cart_items_user_seq_idx').on(t.userId, t.seq.desc()),
    check('cart_items_word_count_positive', sql`${t.wordCount} is null or ${t.wordCount} > 0`),
  ],
);
