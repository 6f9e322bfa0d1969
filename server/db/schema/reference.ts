// Reference data shared by every buyer: the option lists of the catalogue filters, company forms
// and the cart (spec §7 "Reference data").
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import { money } from './columns.ts';

export const countries = pgTable('countries', {
  id: uuid('id').primaryKey().defaultRandom(),
  isoCode: text('iso_code').notNull().unique(),
  title: text('title').notNull().unique(),
});

export const businessTypes = pgTable('business_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull().unique(),
});

/** Niches double as the cart's link types: a site's price for a link is its price in that niche. */
export const niches = pgTable('niches', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull().unique(),
  position: integer('position').notNull(),
});

export const topLevelDomains = pgTable(
  'top_level_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull().unique(),
  },
  (t) => [check('top_level_domains_title_dot', sql`${t.title} like '.%'`)],
);

/** How long a publisher keeps a placed link online; months is null for a permanent placement. */
export const sitePlacementPeriods = pgTable('site_placement_periods', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull().unique(),
  months: integer('months'),
  position: integer('position').notNull(),
});

export const domainLanguages = pgTable('domain_languages', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull().unique(),
});

export const websiteTopics = pgTable('website_topics', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull().unique(),
});

/** Article content options of a cart line; 'provide' (the buyer writes the article) costs nothing. */
export const contentProductPlans = pgTable(
  'content_product_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minWordsAmount: integer('min_words_amount'),
    maxWordsAmount: integer('max_words_amount'),
    isMaxWordsAmountExceedAllowed: boolean('is_max_words_amount_exceed_allowed')
      .notNull()
      .default(false),
    price: money('price').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    check('content_product_plans_price_non_negative', sql`${t.price} >= 0`),
    check(
      'content_product_plans_words_range',
      sql`${t.minWordsAmount} is null or ${t.maxWordsAmount} is null or ${t.minWordsAmount} <= ${t.maxWordsAmount}`,
    ),
  ],
);
