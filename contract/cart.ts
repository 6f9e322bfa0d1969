// The shopping cart on the wire (spec §3 "Cart item", "Cart line create payload", "Cart defaults
// and summary"; §4 "Cart panel"; §5 checkout and cart rules; §7 "Shopping cart"; §9 prices) and
// the pure rules both sides apply: target URL normalisation, the required fields of a line at
// checkout, and line prices in cents.
//
// One cart item is one article: a line created with `articles_number: 3` becomes three items,
// each of which gets its own anchor, target URL and topic at checkout (decision 031).
import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { IdempotencyHeadersSchema, IdParamsSchema, NoContentSchema } from './endpoint-schemas.ts';
import { UNIQUE_ITEMS_MESSAGE } from './favorites.ts';
import { fieldWords, formatCount } from './field-messages.ts';
import { centsToMoney, moneyToCents } from './money.ts';
import { NoQuerySchema, pageQuerySchema, PaginationSchema } from './pagination.ts';
import { inCurrent } from './permissions.ts';
import { ContentProductPlanSchema } from './reference-data.ts';
import { SitePriceSchema } from './site-detail.ts';
import { trimEndOf, trimStartOf } from './text-edges.ts';
import { VAT_TREATMENTS } from './vat.ts';

// ---------------------------------------------------------------------------------------------
// Messages (the server answers them as violations; the client shows the same text)

export const NOT_BLANK_MESSAGE = 'This value should not be blank.';
export const NEWLINES_MESSAGE = 'Newlines are not allowed';
export const INVALID_URL_MESSAGE = 'This value is not a valid URL.';
export const URL_SCHEME_MESSAGE = 'Only http and https addresses are accepted.';
export const APPROVED_TOPIC_MESSAGE = 'Please provide an approved topic';
export const CHECKOUT_INCOMPLETE_MESSAGE =
  'Please fill in all required fields for each row to proceed to payment.';
export const POSITIVE_INTEGER_MESSAGE = 'This value should be a positive integer.';
export const CART_SITE_NOT_FOUND_MESSAGE = 'Site not found.';
export const CART_SITE_BLACKLISTED_MESSAGE =
  "This site is in your blacklist or your company's. Remove it from the blacklist to order from it.";
export const LINK_TYPE_NOT_PRICED_MESSAGE = 'This site does not accept this link type.';
export const BUYER_DOMAIN_NOT_FOUND_MESSAGE = 'Domain not found.';
export const PLAN_NOT_FOUND_MESSAGE = 'Content plan not found.';
export const CART_ITEM_NOT_FOUND_MESSAGE = 'Cart item not found.';
export const EMPTY_CART_MESSAGE = 'Your cart is empty.';
export const CART_FULL_MESSAGE = `A cart holds at most 500 articles.`;

export function wordCountMessage(min: number | null, max: number | null): string {
  if (min !== null && min === max) return `The word count must be ${min}.`;
  if (min !== null && max !== null) return `The word count must be between ${min} and ${max}.`;
  if (min !== null) return `The word count must be at least ${min}.`;
  return `The word count must be at most ${max ?? 0}.`;
}

// ---------------------------------------------------------------------------------------------
// Constants

/** Articles one add-to-cart may create. */
export const MAX_ARTICLES_PER_LINE = 50;
/** Articles a cart may hold. */
export const MAX_CART_ITEMS = 500;
/** Spec §9: the cart list asks for 25 on startup; its pagination object defaults to 10. */
export const CART_LIST_STARTUP_LIMIT = 25;
export const CART_PAGINATION_DEFAULT_LIMIT = 10;
export const CART_LIST_MAX_LIMIT = 100;
export const MAX_TEXT_LENGTH = { anchor_text: 255, target_url: 2048, topic: 500, comments: 2000 };
export const TARGET_URL_TOO_LONG_MESSAGE = `Target URL can be at most ${formatCount(MAX_TEXT_LENGTH.target_url)} characters.`;

/** The slug of the plan in which the buyer provides article and image, at no cost. */
export const PROVIDE_PLAN_SLUG = 'provide';

/** Spec §3: wire values in lower case; the upper-case spelling is accepted too (decision 031). */
export const ARTICLE_TOPICS = ['i_will_write_my_topic', 'please_provide_me_a_topic'] as const;
export type ArticleTopic = (typeof ARTICLE_TOPICS)[number];

export const ArticleTopicSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.toLowerCase() : value),
  z.enum(ARTICLE_TOPICS, { error: APPROVED_TOPIC_MESSAGE }),
);

// ---------------------------------------------------------------------------------------------
// Target URL (spec §5): trimmed, no newlines, https:// added without a scheme, http(s) only.

export type TargetUrlResult =
  | { ok: true; value: string }
  | {
      ok: false;
      message: string;
      /** A corrected value to offer, when one exists. */ corrected?: string;
    };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function withScheme(value: string): string {
  return SCHEME.test(value) && !/^[^:/]+:\d/.test(value) ? value : `https://${value}`;
}

/**
 * A plain http(s) address as written: `//`, then a host (with an optional port) holding no `@`,
 * `\` or further slash. The URL parser forgives more: `https:////evil.example` (what `//evil.example`
 * became once a scheme was added) and `https:\\evil.example` reach evil.example, and
 * `https://user:pass@evil.example` hides the real host behind a trusted-looking name.
 */
const PLAIN_HTTP_URL = /^https?:\/\/[^/\\?#@\s]+(?:[/?#]|$)/i;

function parsedHttpUrl(value: string): URL | null {
  if (!PLAIN_HTTP_URL.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username !== '' || url.password !== '') return null;
    if (!url.hostname.includes('.') || url.hostname.endsWith('.')) return null;
    return url;
  } catch {
    return null;
  }
}

/**
 * The text with each line break and the white space around it removed, in one pass (a pattern
 * such as `/\s*[\r\n]+\s*\/g` is quadratic on a long run of spaces: decision 131).
 */
function joinLines(text: string): string {
  const lines = text.split(/[\r\n]+/);
  return lines
    .map((line, index) => {
      const start = index === 0 ? line : line.trimStart();
      return index === lines.length - 1 ? start : start.trimEnd();
    })
    .join('');
}

/**
 * Normalises a typed target URL or article link. An empty value is `{ ok: true, value: '' }`.
 * Its length is checked first, so no pattern ever runs on more than a link may hold.
 */
export function normalizeTargetUrl(input: string): TargetUrlResult {
  if (input.length > MAX_TEXT_LENGTH.target_url) {
    return { ok: false, message: TARGET_URL_TOO_LONG_MESSAGE };
  }
  const trimmed = input.trim();
  if (/[\r\n]/.test(trimmed)) {
    const joined = withScheme(joinLines(trimmed));
    return parsedHttpUrl(joined)
      ? { ok: false, message: NEWLINES_MESSAGE, corrected: joined }
      : { ok: false, message: NEWLINES_MESSAGE };
  }
  if (trimmed === '') return { ok: true, value: '' };
  const candidate = withScheme(trimmed);
  if (SCHEME.test(trimmed) && !/^https?:/i.test(trimmed) && candidate === trimmed) {
    return { ok: false, message: URL_SCHEME_MESSAGE };
  }
  if (/\s/.test(candidate)) return { ok: false, message: INVALID_URL_MESSAGE };
  return parsedHttpUrl(candidate)
    ? { ok: true, value: candidate }
    : { ok: false, message: INVALID_URL_MESSAGE };
}

/**
 * Spec §5 / §8: a server violation on target_url may carry the corrected value in
 * `parameters.value`, wrapped in quotes; the client shows it without them.
 */
export function correctedValueOf(parameters: Record<string, unknown> | undefined): string | null {
  const value = parameters?.value;
  if (typeof value !== 'string') return null;
  return trimEndOf(trimStartOf(value, `"'\u201c`), `"'\u201d`);
}

// ---------------------------------------------------------------------------------------------
// Entities

export const CartSiteSchema = z.object({
  id: z.uuid(),
  hostname: z.string(),
  /** Every niche price of the site; the line's link type is one of these niches. */
  prices: z.array(SitePriceSchema),
});

export const CartItemSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  site: CartSiteSchema,
  buyer_domain: z.object({
    id: z.uuid(),
    hostname: z.string(),
    /**
     * The buyer deleted the domain after adding the line: the line is still ordered for it
     * (decision 054), and the cart shows it so the buyer may choose another. Always sent.
     */
    archived: z.boolean().optional(),
  }),
  custom_id: z.uuid().nullable(),
  anchor_text: z.string().nullable(),
  target_url: z.string().nullable(),
  /** Null for 'provide': the buyer supplies article and image. */
  content_product_plan: ContentProductPlanSchema.nullable(),
  is_topic_needs_approval: z.boolean(),
  /** The niche whose price applies (spec §3: link type id = niche id). */
  link_type: z.object({ id: z.uuid(), title: z.string() }),
  word_count: z.number().int().nullable(),
  article_topic: z.enum(ARTICLE_TOPICS),
  topic: z.string().nullable(),
  comments: z.string().nullable(),
  /** YYYY-MM-DD. */
  publishing_due_date: z.string().nullable(),
  /** The site's price for the link type, now. */
  price: z.string(),
  /** The plan's price, "0.00" for 'provide'. */
  content_price: z.string(),
  /** price + content_price (one article). */
  total_price: z.string(),
  /**
   * What the line holds now, as an opaque text that changes whenever any of its values or prices
   * change. An order names the version of each line its screen shows (`OrderCreate.lines`).
   */
  version: z.string(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartItemListSchema = z.object({
  data: z.array(CartItemSchema),
  pagination: PaginationSchema,
});
export type CartItemList = z.infer<typeof CartItemListSchema>;

/** GET /shopping-carts/items?page=&limit=, newest first. */
export const CartItemListQuerySchema = pageQuerySchema({
  defaultLimit: CART_PAGINATION_DEFAULT_LIMIT,
  maxLimit: CART_LIST_MAX_LIMIT,
}).strict();

/** POST /shopping-carts/items: the items a line became, one per article. */
export const CartItemsCreatedSchema = z.object({ data: z.array(CartItemSchema) });

/** GET /shopping-carts/sites: which sites are in the cart and how often (the +1 on buy buttons). */
export const CartSitesSchema = z.object({
  data: z.array(z.object({ id: z.uuid(), items_amount: z.number().int().min(1) })),
});
export type CartSites = z.infer<typeof CartSitesSchema>;

const nullableText = (max: number, label: string) =>
  z
    .string({ error: fieldWords(label) })
    .max(max)
    .transform((value) => value.trim())
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** True/false, or the checkout form's yes/no (spec §3). */
export const YesNoBooleanSchema = z.preprocess(
  (value) => (value === 'yes' ? true : value === 'no' ? false : value),
  z.boolean(),
);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

// ---------------------------------------------------------------------------------------------
// Publishing due date (decisions 092, 132): a calendar date, not before today.

export const DUE_DATE_FORMAT_MESSAGE = 'Dates are YYYY-MM-DD.';
export const DUE_DATE_IN_PAST_MESSAGE = 'Choose today or a later date';

/** The hours by which the last time zone (UTC−12) is behind UTC. */
const LAST_ZONE_HOURS = 12;

/**
 * The earliest due date the server accepts at `now`: today's date where today began last
 * (UTC−12), so a buyer anywhere may choose their own today. The app checks the buyer's own
 * calendar day, which is never earlier.
 */
export function earliestDueDate(now: Date): string {
  return new Date(now.getTime() - LAST_ZONE_HOURS * 3_600_000).toISOString().slice(0, 10);
}

function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Why a due date (YYYY-MM-DD) cannot be taken when the earliest allowed day is `earliest`
 * (YYYY-MM-DD): not a calendar date, or before that day. Null when it can.
 */
export function dueDateProblem(value: string, earliest: string): string | null {
  if (!isCalendarDate(value)) return DUE_DATE_FORMAT_MESSAGE;
  return value < earliest ? DUE_DATE_IN_PAST_MESSAGE : null;
}

/** The largest whole number the database's integer columns hold. */
const INTEGER_COLUMN_MAX = 2_147_483_647;

const positiveInteger = z
  .number({ error: POSITIVE_INTEGER_MESSAGE })
  .int(POSITIVE_INTEGER_MESSAGE)
  .min(1, POSITIVE_INTEGER_MESSAGE)
  .max(
    INTEGER_COLUMN_MAX,
    `The number must be at most ${INTEGER_COLUMN_MAX.toLocaleString('en-US')}.`,
  );

/** The article's details, the same when a line is added and when a cart item is changed. */
const articleDetailFields = {
  /** Omitted or null: 'provide'. */
  content_product_plan: z.uuid().nullable().optional(),
  word_count: positiveInteger.nullable().optional(),
  target_url: z
    .string({ error: fieldWords('Target URL') })
    .max(MAX_TEXT_LENGTH.target_url)
    .nullable()
    .optional(),
  anchor_text: nullableText(MAX_TEXT_LENGTH.anchor_text, 'Anchor text'),
  custom_id: z.uuid().nullable().optional(),
  comments: nullableText(MAX_TEXT_LENGTH.comments, 'Comments'),
  /** The checkout fields, so that a clone of a line is one call. */
  topic: nullableText(MAX_TEXT_LENGTH.topic, 'Topic'),
  /** A calendar date not before today (`dueDateProblem`, checked by the server with its clock). */
  publishing_due_date: z.string().regex(DATE, DUE_DATE_FORMAT_MESSAGE).nullable().optional(),
};

/**
 * POST /shopping-carts/items (spec §3 "Cart line create payload"). Answer 201 `{ data: CartItem[] }`:
 * one item per article. Target URL is checked with `normalizeTargetUrl` on the server (violations
 * carry the corrected value). Any price sent is ignored (unknown keys are refused).
 * Accepts an `Idempotency-Key` header: a repeat returns the first answer.
 */
export const CartLineCreateSchema = z
  .object({
    link_type: z.uuid(),
    buyer_domain: z.uuid(),
    site: z.uuid(),
    articles_number: positiveInteger.max(
      MAX_ARTICLES_PER_LINE,
      `At most ${MAX_ARTICLES_PER_LINE} articles can be added at once.`,
    ),
    article_topic: ArticleTopicSchema,
    is_topic_needs_approval: z.boolean().default(false),
    ...articleDetailFields,
  })
  .strict();
export type CartLineCreate = z.input<typeof CartLineCreateSchema>;

/**
 * PUT /shopping-carts/items/{id}: the checkout form variant. Every key is optional; a key given
 * replaces that field (null clears it). Answer: the updated CartItem.
 */
export const CartItemUpdateSchema = z
  .object({
    link_type: z.uuid().optional(),
    buyer_domain: z.uuid().optional(),
    article_topic: ArticleTopicSchema.optional(),
    is_topic_needs_approval: YesNoBooleanSchema.optional(),
    ...articleDetailFields,
  })
  .strict();
export type CartItemUpdate = z.input<typeof CartItemUpdateSchema>;

/** PUT /shopping-carts/items/removals `{ ids }` (unique). Answer 204; unknown ids are ignored. */
export const CartItemIdsBodySchema = z
  .object({
    ids: z
      .array(z.uuid())
      .min(1, 'Choose at least one item.')
      .max(MAX_CART_ITEMS)
      .refine((ids) => new Set(ids).size === ids.length, { message: UNIQUE_ITEMS_MESSAGE }),
  })
  .strict();

export const CompanyAddressSchema = z.object({
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  address: z.string().nullable(),
  address_extra: z.string().nullable(),
  country_id: z.uuid().nullable(),
  country: z.object({ id: z.uuid(), title: z.string(), code: z.string() }).nullable(),
});

export const CartCompanySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  email: z.string().nullable(),
  address: CompanyAddressSchema,
  billing_information: z.object({
    email: z.string().nullable(),
    vat_number: z.string().nullable(),
  }),
  is_pay_by_bill_allowed: z.boolean(),
});
export type CartCompany = z.infer<typeof CartCompanySchema>;

/** The fields a line may lack before it can be ordered (`missingCheckoutFields`). */
export const CHECKOUT_FIELDS = ['anchor_text', 'target_url', 'topic'] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/**
 * One line of the cart as checkout names it (decision 188): its id and `version` (as
 * `CartItem.version`), the site's hostname, and the fields it still lacks. An order names each
 * line at this version (`OrderCreate.lines`), so the app never reads the cart's pages to order it.
 */
export const CartLineSummarySchema = z.object({
  id: z.uuid(),
  version: z.string(),
  hostname: z.string(),
  missing: z.array(z.enum(CHECKOUT_FIELDS)),
});
export type CartLineSummary = z.infer<typeof CartLineSummarySchema>;

/** What checkout shows of a Buyer's monthly limit; null in the defaults when none applies. */
export const SpendingSchema = z.object({
  /** Net euro per calendar month the Buyer may order without approval. */
  monthly_limit: z.string().regex(/^\d+\.\d{2}$/),
  /** Net euro of the orders they placed in the company this calendar month (UTC). */
  spent_this_month: z.string().regex(/^\d+\.\d{2}$/),
  /** Net euro of their requests still waiting for approval. */
  waiting_for_approval: z.string().regex(/^\d+\.\d{2}$/),
});
export type Spending = z.infer<typeof SpendingSchema>;

/** Whether an order of `net` euro would take the Buyer's month over their limit (decision 204). */
export function isOverMonthlyLimit(spending: Spending | null, net: string): boolean {
  if (!spending) return false;
  return (
    moneyToCents(spending.spent_this_month) + moneyToCents(net) >
    moneyToCents(spending.monthly_limit)
  );
}

/**
 * GET /shopping-carts/defaults?company= (spec §3 "Cart defaults and summary"): the cart's totals
 * for the chosen company (default: the buyer's current one) and the billing defaults.
 * price = Σ link-type prices, content_price = Σ plan prices, total_price = price + content_price,
 * vat on total_price at `vat_rate` (decision 030), total_price_with_vat = total_price + vat.
 * `lines` lists every line of the cart in the item list's order (newest first).
 */
export const CartDefaultsSchema = z.object({
  items_amount: z.number().int(),
  price: z.string(),
  content_price: z.string(),
  vat: z.string(),
  /** Percent with two decimals, e.g. "19.00". */
  vat_rate: z.string(),
  vat_treatment: z.enum(VAT_TREATMENTS),
  total_price: z.string(),
  total_price_with_vat: z.string(),
  invoice_emails: z.array(z.string()),
  company: CartCompanySchema,
  /** The companies the buyer may order for (the checkout's company choice). */
  companies: z.array(z.object({ id: z.uuid(), title: z.string(), is_current: z.boolean() })),
  lines: z.array(CartLineSummarySchema),
  /**
   * A Buyer's monthly limit in this company, what they spent of it and what waits for approval
   * (decision 204); null when no limit applies. Over it, the order is sent for approval.
   */
  spending: SpendingSchema.nullable(),
});
export type CartDefaults = z.infer<typeof CartDefaultsSchema>;

export const CartDefaultsQuerySchema = z.object({ company: z.uuid().optional() }).strict();

// ---------------------------------------------------------------------------------------------
// Rules both sides apply

export interface CheckoutLine {
  content_product_plan: { slug: string } | null;
  article_topic: ArticleTopic;
  anchor_text: string | null;
  target_url: string | null;
  topic: string | null;
}

/**
 * The fields a line still lacks before it can be ordered (spec §5, decision 031): anchor text
 * and target URL always; the topic as well when the buyer writes the topic and a paid plan
 * writes the article.
 */
export function missingCheckoutFields(line: CheckoutLine): CheckoutField[] {
  const blank = (value: string | null) => value === null || value.trim() === '';
  const missing: CheckoutField[] = [];
  if (blank(line.anchor_text)) missing.push('anchor_text');
  if (blank(line.target_url)) missing.push('target_url');
  const paidPlan =
    line.content_product_plan !== null && line.content_product_plan.slug !== PROVIDE_PLAN_SLUG;
  if (paidPlan && line.article_topic === 'i_will_write_my_topic' && blank(line.topic)) {
    missing.push('topic');
  }
  return missing;
}

/** Spec §9: one article costs the link-type price plus the plan price. */
export function articlePriceCents(linkTypePrice: string, planPrice: string | null): number {
  return moneyToCents(linkTypePrice) + (planPrice === null ? 0 : moneyToCents(planPrice));
}

/** Spec §9: (plan price + link-type price) × articles, as money. */
export function lineTotal(
  linkTypePrice: string,
  planPrice: string | null,
  articles: number,
): string {
  return centsToMoney(articlePriceCents(linkTypePrice, planPrice) * articles);
}

// ---------------------------------------------------------------------------------------------
// Endpoints (decision 183). The cart's totals and defaults are checkout's (contract/checkout.ts).

const cart = { access: 'buyer', tags: ['Shopping cart'] } as const;

export const cartEndpoints = {
  items: endpoint({
    ...cart,
    method: 'GET',
    path: '/v1/buyer/shopping-carts/items',
    permission: inCurrent('cart.use'),
    summary: 'The items of the cart, newest first',
    query: CartItemListQuerySchema,
    status: 200,
    response: CartItemListSchema,
    errors: [400, 401, 403],
  }),
  sites: endpoint({
    ...cart,
    method: 'GET',
    path: '/v1/buyer/shopping-carts/sites',
    permission: inCurrent('cart.use'),
    summary: 'The sites in the cart with how many items each has',
    query: NoQuerySchema,
    status: 200,
    response: CartSitesSchema,
    errors: [400, 401, 403],
  }),
  /** The server keeps this route's idempotency scope from before decision 044. */
  addLine: endpoint({
    ...cart,
    method: 'POST',
    path: '/v1/buyer/shopping-carts/items',
    permission: inCurrent('cart.use'),
    summary: 'Adds a line to the cart: one item per article',
    description:
      'Prices come from the site and the plan, never from the request. A repeat with the same Idempotency-Key answers the first answer and adds nothing.',
    headers: IdempotencyHeadersSchema,
    body: CartLineCreateSchema,
    status: 201,
    response: CartItemsCreatedSchema,
    errors: [400, 401, 403, 409, 422],
  }),
  remove: endpoint({
    ...cart,
    method: 'PUT',
    path: '/v1/buyer/shopping-carts/items/removals',
    permission: inCurrent('cart.use'),
    summary: 'Removes items from the cart; unknown ids are ignored',
    body: CartItemIdsBodySchema,
    status: 204,
    response: NoContentSchema,
    errors: [400, 401, 403],
  }),
  update: endpoint({
    ...cart,
    method: 'PUT',
    path: '/v1/buyer/shopping-carts/items/{id}',
    permission: inCurrent('cart.use'),
    summary: 'Changes an item of the cart (the checkout form)',
    params: IdParamsSchema,
    body: CartItemUpdateSchema,
    status: 200,
    response: CartItemSchema,
    errors: [400, 401, 403, 404],
  }),
  empty: endpoint({
    ...cart,
    method: 'DELETE',
    path: '/v1/buyer/shopping-carts',
    permission: inCurrent('cart.use'),
    summary: 'Empties the cart',
    status: 204,
    response: NoContentSchema,
    errors: [401, 403],
  }),
};
