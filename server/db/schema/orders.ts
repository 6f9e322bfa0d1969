// Orders placed from the cart (spec §3 "Order", "Order item"), their invoices, and the ledger of
// company credits spent on them. Prices, plan and VAT are frozen on each order when it is placed.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { FrozenContentGuidelines } from '#contract/content-guidelines.ts';
import { ARTICLE_STATUSES, TOPIC_STATUSES } from '#contract/order-items.ts';
import {
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '#contract/orders.ts';
import { VAT_TREATMENTS } from '#contract/vat.ts';

import { articleTopic } from './cart.ts';
import { sites } from './catalogue.ts';
import { createdAt, money } from './columns.ts';
import { buyerDomains } from './domains.ts';
import { contentProductPlans, niches } from './reference.ts';
import { companies, files, users } from './users.ts';

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const orderItemStatus = pgEnum('order_item_status', ORDER_ITEM_STATUSES);
export const vatTreatment = pgEnum('vat_treatment', VAT_TREATMENTS);
export const articleStatus = pgEnum('article_status', ARTICLE_STATUSES);
export const topicStatus = pgEnum('topic_status', TOPIC_STATUSES);

/** Human order numbers: 100001, 100002, ... */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

/**
 * The last counter issued in each series of documents (decision 196): "INV" invoices, "CN" credit
 * notes. A number is drawn by raising the counter in the transaction that stores the document, so
 * a rollback gives it back and the series has no gap; the row stays locked until that commit.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').primaryKey(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('document_counters_series', sql`${t.series} in ('INV', 'CN')`),
    check('document_counters_last_value_non_negative', sql`${t.lastValue} >= 0`),
  ],
);

/** A feedback on a topic or an article (spec §3): text and an optional file. */
export interface StoredFeedback {
  text: string;
  file: { id: string; file_name: string; title: string | null } | null;
  created_at: string;
}

/** The billing address frozen on an order (spec §3 "Billing"). */
export interface OrderBilling {
  business_name: string;
  country_id: string;
  city: string;
  address: string;
  zip_code: string;
  vat_number: string | null;
}

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    paymentMethod: paymentMethod('payment_method').notNull(),
    paymentStatus: paymentStatus('payment_status').notNull(),
    /** Total with VAT of the orders it bills. */
    amount: money('amount').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Pay by bill: the first day of the month it gathers; null for an invoice of one order. */
    billingMonth: date('billing_month'),
    createdAt: createdAt(),
  },
  (t) => [
    // One monthly bill per company and month, however often the job runs.
    uniqueIndex('invoices_company_billing_month_key')
      .on(t.companyId, t.billingMonth)
      .where(sql`${t.billingMonth} is not null`),
    check('invoices_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    poNumber: text('po_number'),
    invoiceEmails: text('invoice_emails').array().notNull(),
    billing: jsonb('billing').$type<OrderBilling>().notNull(),
    paymentMethod: paymentMethod('payment_method').notNull(),
    paymentStatus: paymentStatus('payment_status').notNull(),
    status: orderStatus('status').notNull().default('processing'),
    /** Net total: Σ (link-type price + content price) of its items. */
    price: money('price').notNull(),
    vat: money('vat').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    vatTreatment: vatTreatment('vat_treatment').notNull(),
    priceWithVat: money('price_with_vat').notNull(),
    linksAmount: integer('links_amount').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Open bills of a company and the monthly bill job.
    index('orders_company_payment_idx').on(t.companyId, t.paymentMethod, t.createdAt),
    check('orders_price_non_negative', sql`${t.price} >= 0 and ${t.vat} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** "100001-1": the order number and the item's position. */
    number: text('number').notNull().unique(),
    position: integer('position').notNull(),
    status: orderItemStatus('status').notNull(),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'set null' }),
    siteHostname: text('site_hostname').notNull(),
    buyerDomainId: uuid('buyer_domain_id').references(() => buyerDomains.id, {
      onDelete: 'set null',
    }),
    buyerDomainHostname: text('buyer_domain_hostname').notNull(),
    /** The link type (article niche). */
    nicheId: uuid('niche_id')
      .notNull()
      .references(() => niches.id),
    contentProductPlanId: uuid('content_product_plan_id').references(() => contentProductPlans.id),
    contentProductPlanTitle: text('content_product_plan_title'),
    /** The site's price for the link type when ordered. */
    price: money('price').notNull(),
    /** The plan's price when ordered; 0 for 'provide'. */
    contentPrice: money('content_price').notNull(),
    wordCount: integer('word_count'),
    articleTopic: articleTopic('article_topic').notNull(),
    topic: text('topic'),
    anchorText: text('anchor_text').notNull(),
    targetUrl: text('target_url').notNull(),
    customId: uuid('custom_id'),
    comments: text('comments'),
    publishingDueDate: date('publishing_due_date'),
    isTopicNeedsApproval: boolean('is_topic_needs_approval').notNull(),
    isArticleProvidedByBuyer: boolean('is_article_provided_by_buyer').notNull(),
    isTopicProvidedByBuyer: boolean('is_topic_provided_by_buyer').notNull(),
    isRequestedEdits: boolean('is_requested_edits').notNull().default(false),
    liveLink: text('live_link'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The publisher's topic, or the buyer's own topic once confirmed. */
    topicStatus: topicStatus('topic_status'),
    topicFeedback: jsonb('topic_feedback').$type<StoredFeedback>(),
    articleStatus: articleStatus('article_status'),
    /** The buyer's article ('provide'): a link and an optional file. */
    articleLink: text('article_link'),
    articleFileId: uuid('article_file_id').references(() => files.id, { onDelete: 'set null' }),
    articleFeedback: jsonb('article_feedback').$type<StoredFeedback>(),
    webmasterFeedback: jsonb('webmaster_feedback').$type<StoredFeedback>(),
    /**
     * The buyer's content guidelines as they were at checkout (decision 086); null when the buyer
     * had saved none. Later edits of the guidelines leave it unchanged.
     */
    contentGuidelines: jsonb('content_guidelines').$type<FrozenContentGuidelines>(),
    /** When the status last changed: the demo publisher waits from here. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The member who last acted on the item (decision 203); null: nobody since it was ordered. */
    lastChangedByUserId: uuid('last_changed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_items_order_position_key').on(t.orderId, t.position),
    // Items of an order by status (live links, the order's derived status).
    index('order_items_order_status_idx').on(t.orderId, t.status),
    // The order list's search by the items' hostnames ("contains").
    index('order_items_site_hostname_trgm_idx').using('gin', t.siteHostname.op('gin_trgm_ops')),
    // The demo publisher's scan: items waiting for a publisher step, oldest change first.
    index('order_items_status_changed_idx').on(t.status, t.statusChangedAt),
    check('order_items_price_non_negative', sql`${t.price} >= 0 and ${t.contentPrice} >= 0`),
  ],
);

/**
 * A credit note: what cancelling items of a paid (or approved) order credits back, with VAT.
 * One per cancel call and order; an order shows its latest.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Total credited, with VAT. */
    amount: money('amount').notNull(),
    /** The cancelled items' numbers. */
    itemNumbers: text('item_numbers').array().notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_notes_order_idx').on(t.orderId, t.createdAt.desc()),
    check('credit_notes_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);

/** Every change of a company's credits balance; a debit is a negative amount. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_transactions_company_idx').on(t.companyId, t.createdAt),
    check('credit_transactions_balance_after_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);
