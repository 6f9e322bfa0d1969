// Following orders on the wire (spec §2 orders screens, §3 "Order item", §4 order item, article and
// topic statuses and requested transitions, §5 topic/feedback/article link rules, §7 "Orders"):
// the order list query, the order item, the buyer's item calls, and the rules that enable the
// buyer's actions. The life cycle itself is decision 040.
import { z } from 'zod';

import { ARTICLE_TOPICS, normalizeTargetUrl } from './cart.ts';
import { FrozenContentGuidelinesSchema } from './content-guidelines.ts';
import { endpoint, fileResponse, multipart } from './endpoint.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from './endpoint-schemas.ts';
import { fieldWords } from './field-messages.ts';
import {
  ARTICLE_STATUSES,
  BUYER_TRANSITIONS,
  type BuyerTransition,
  isAllowed,
  type ItemEvent,
  type ItemFacts,
  startsFrom,
  TOPIC_STATUSES,
} from './item-life-cycle.ts';
import { ItemLinkHealthSchema } from './link-monitoring.ts';
import {
  addressText,
  MONEY_AMOUNT_PATTERN,
  pageNumber,
  rangeOf,
  sortingOf,
  wholeNumber,
} from './list-query.ts';
import {
  FileRefSchema,
  HideablePriceSchema,
  MemberRefSchema,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  type OrderItemStatus,
  OrderSchema,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from './orders.ts';
import { listOf, pageQuerySchema, PaginationSchema } from './pagination.ts';
import { inObject } from './permissions.ts';
import { ContentProductPlanSchema } from './reference-data.ts';

export {
  ARTICLE_STATUSES,
  type ArticleStatus,
  BUYER_TRANSITIONS,
  type BuyerTransition,
  TOPIC_STATUSES,
  type TopicStatus,
} from './item-life-cycle.ts';

export const ORDER_ITEM_NOT_FOUND_MESSAGE = 'Order item not found';

/** What to change in a live link's article, as a message of the item's conversation. */
export const REQUEST_EDITS_REASON_MAX_LENGTH = 5000;
export const REQUEST_EDITS_REASON_TOO_LONG_MESSAGE = `Say what to change in at most ${REQUEST_EDITS_REASON_MAX_LENGTH.toLocaleString('en-GB')} characters.`;

/** Spec §4 badges: the named ones, every other status is a warning. */
export type BadgeTone = 'secondary' | 'warning' | 'success' | 'destructive';
export function orderItemStatusTone(status: OrderItemStatus): BadgeTone {
  if (status === 'waiting_for_content') return 'secondary';
  if (status === 'cancelled') return 'destructive';
  if (status === 'live_link') return 'success';
  return 'warning';
}
export function orderStatusTone(status: (typeof ORDER_STATUSES)[number]): BadgeTone {
  return status === 'completed' ? 'success' : status === 'cancelled' ? 'destructive' : 'warning';
}

export const FeedbackSchema = z.object({
  text: z.string(),
  file: FileRefSchema.extend({ title: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const OrderItemSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  /** e.g. "100042-3". */
  number: z.string(),
  order: z.object({ id: z.uuid(), number: z.string() }),
  /** The link's net price; null when the company hides prices from Viewers. */
  price: HideablePriceSchema,
  status: z.enum(ORDER_ITEM_STATUSES),
  /** `id` is null once the site has left the catalogue; the hostname stays. */
  site: z.object({ id: z.uuid().nullable(), hostname: z.string() }),
  buyer_domain: z.object({ id: z.uuid(), hostname: z.string() }).nullable(),
  article_topic: z.enum(ARTICLE_TOPICS),
  /** Its `price` (the content's, frozen on the item) is null when prices are hidden from Viewers. */
  content_product_plan: ContentProductPlanSchema.extend({ price: HideablePriceSchema }).nullable(),
  word_count: z.number().int().nullable(),
  target_url: z.string().nullable(),
  anchor_text: z.string().nullable(),
  custom_id: z.string().nullable(),
  comments: z.string().nullable(),
  is_requested_edits: z.boolean(),
  /** The niche (link type) the item was bought in. */
  article_niche: z.object({ id: z.uuid(), title: z.string() }),
  live_link: z.string().nullable(),
  is_article_provided_by_buyer: z.boolean(),
  is_topic_provided_by_buyer: z.boolean(),
  is_editable_by_buyer: z.boolean(),
  is_topic_needs_approval: z.boolean(),
  is_content_fully_provided_by_buyer: z.boolean(),
  article: z.object({
    status: z.enum(ARTICLE_STATUSES).nullable(),
    feedback: FeedbackSchema.nullable(),
    file: FileRefSchema.nullable(),
    link: z.string().nullable(),
  }),
  topic: z.object({
    is_needs_approval: z.boolean(),
    content: z.string().nullable(),
    status: z.enum(TOPIC_STATUSES).nullable(),
    feedback: FeedbackSchema.nullable(),
  }),
  webmaster_feedback: FeedbackSchema.nullable(),
  publishing_due_date: z.string().nullable(),
  published_at: z.string().nullable(),
  invoice: z
    .object({
      id: z.uuid(),
      number: z.string(),
      file: FileRefSchema.nullable(),
      payment_status: z.enum(PAYMENT_STATUSES),
      payment_method: z.enum(PAYMENT_METHODS),
    })
    .nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  /**
   * The content guidelines the item's writer got: the buyer's guidelines frozen at checkout
   * (decision 086); null when the buyer had saved none.
   */
  content_guidelines: FrozenContentGuidelinesSchema.nullable(),
  /** The live link's health (decision 140); null until the item is live and once refunded. */
  link_health: ItemLinkHealthSchema.nullable(),
  /** The member whose call last changed the item; null until one did. */
  changed_by: MemberRefSchema.nullable(),
  /** Messages of the item's conversation the reader has not read (decision 213). */
  unread_messages: z.number().int(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderItemListSchema = z.object({
  data: z.array(OrderItemSchema),
  pagination: PaginationSchema,
});

// ---------------------------------------------------------------------------------------------
// Queries

export const ORDER_SORT_COLUMNS = ['number', 'created_at', 'price', 'status'] as const;
export const ORDER_LIST_DEFAULT_LIMIT = 25;

/**
 * GET /orders?filter[search]=&filter[payment_status][]=&filter[status][]=&filter[company][]=
 * &filter[order_price][min]=&filter[order_price][max]=&filter[messages]=unread
 * &sorting[created_at]=DESC&page=&limit=. Search matches the order number, the PO number and the hostnames of its items.
 */
export const OrderListQuerySchema = z
  .object({
    filter: z
      .object({
        search: z.string().trim().max(255).optional(),
        payment_status: z.array(z.enum(PAYMENT_STATUSES)).optional(),
        status: z.array(z.enum(ORDER_STATUSES)).optional(),
        company: z.array(z.uuid()).optional(),
        order_price: rangeOf((end) =>
          z.string().regex(MONEY_AMOUNT_PATTERN, `${end} must be a number`),
        ).optional(),
        /** `unread`: only orders with messages the caller has not read (decision 213). */
        messages: z.enum(['unread']).optional(),
      })
      .strict()
      .optional(),
    sorting: sortingOf(ORDER_SORT_COLUMNS).optional(),
  })
  .extend(pageQuerySchema({ defaultLimit: ORDER_LIST_DEFAULT_LIMIT, maxLimit: 100 }).shape)
  .strict();

export const OrderItemListQuerySchema = pageQuerySchema({
  defaultLimit: ORDER_LIST_DEFAULT_LIMIT,
  maxLimit: 100,
}).strict();

/** The page sizes the orders screens offer; an address naming another falls back to the default. */
export const ORDER_PAGE_SIZES = [25, 50, 100] as const;

const orderPageSize = wholeNumber(1, 100).refine((n) =>
  (ORDER_PAGE_SIZES as readonly number[]).includes(n),
);

/**
 * The orders list as its address keeps it: the server's query, read forgivingly (a bad value falls
 * back on its own), with blank search left out and only the offered page sizes.
 */
export const OrderListAddressSchema = OrderListQuerySchema.extend({
  filter: OrderListQuerySchema.shape.filter
    .unwrap()
    .extend({ search: addressText(255).optional() })
    .optional(),
  page: pageNumber.optional(),
  limit: orderPageSize.optional(),
});

/** The page of one order's items in its address (`?page=2&limit=50`), with the defaults. */
export const OrderItemsAddressSchema = z.object({
  page: pageNumber.default(1),
  limit: orderPageSize.default(ORDER_LIST_DEFAULT_LIMIT),
});

// ---------------------------------------------------------------------------------------------
// Buyer calls

const ids = z
  .array(z.uuid())
  .min(1, 'Choose at least one item.')
  .max(500)
  .refine((list) => new Set(list).size === list.length, {
    message: 'Items array must contain unique values',
  });

/**
 * PUT /orders/items/statuses. All items or none: 404 ('Order item not found') when an id is
 * unknown or another buyer's, 409 naming the first item whose status does not allow it
 * ('Item 100001-2 is live_link; it cannot be cancelled.'). Answers ChangedItemsSchema.
 */
export const ItemStatusesBodySchema = z
  .object({ transition: z.enum(BUYER_TRANSITIONS), ids })
  .strict();

/** PUT /orders/items/request-edits: live links only, else 409. Answers ChangedItemsSchema. */
/**
 * PUT /orders/items/request-edits: asks for (or withdraws a request for) edits of live links. The
 * reason says what to change; it is posted to each item's conversation (decision 213).
 */
export const RequestEditsBodySchema = z
  .object({
    is_requested_edits: z.boolean(),
    ids,
    reason: z
      .string()
      .trim()
      .max(REQUEST_EDITS_REASON_MAX_LENGTH, REQUEST_EDITS_REASON_TOO_LONG_MESSAGE)
      .optional(),
  })
  .strict();

/**
 * PUT /orders/items/{id}/topics (spec §5: at least one character): confirms the topic the item
 * waits for, or edits it while canEditTopic holds (else 409). Answers the changed OrderItem.
 */
export const TopicBodySchema = z
  .object({
    content: z
      .string({ error: fieldWords('The topic', { empty: 'Write the topic.' }) })
      .trim()
      .min(1)
      .max(2000),
  })
  .strict();

/**
 * POST /orders/items/{id}/topics/feedbacks: declines the proposed topic (topic_ready_for_approval,
 * else 409). Answers the changed OrderItem. The article feedback is multipart (ArticleFeedbackFormSchema).
 */
export const FeedbackBodySchema = z
  .object({
    feedback: z
      .string({ error: fieldWords('Feedback', { empty: 'Write your feedback.' }) })
      .trim()
      .min(1)
      .max(5000),
  })
  .strict();

/**
 * PUT /orders/items/{id}/articles (multipart): `link` (required, normalised like a target URL:
 * trimmed, https:// added, no newlines), an optional `file` (.doc, .docx, .txt or .pdf, checked
 * by content, at most MAX_UPLOAD_BYTES) and `file_name` naming it. Answers the changed item.
 */
export const ArticleFormSchema = z
  .object({
    link: z
      .string({ error: 'This value should not be blank.' })
      .max(2048)
      // Normalised once here; a violation carries the corrected value (spec §8) as parameters.
      .transform((value, ctx) => {
        if (value.trim() === '') {
          ctx.addIssue({ code: 'custom', message: 'This value should not be blank.' });
          return z.NEVER;
        }
        const result = normalizeTargetUrl(value);
        if (result.ok) return result.value;
        ctx.addIssue({
          code: 'custom',
          message: result.message,
          ...(result.corrected ? { params: { value: `"${result.corrected}"` } } : {}),
        });
        return z.NEVER;
      }),
    file_name: z
      .string({ error: fieldWords('The file name') })
      .trim()
      .max(255)
      .optional(),
  })
  .strict();

/**
 * POST /orders/items/{id}/articles/feedbacks (multipart): `feedback` text, an optional `file`
 * and `file_name`. Answers the changed item.
 */
export const ArticleFeedbackFormSchema = FeedbackBodySchema.extend({
  file_name: z
    .string({ error: fieldWords('The file name') })
    .trim()
    .max(255)
    .optional(),
}).strict();

/** What the bulk item calls answer: the changed items. */
export const ChangedItemsSchema = z.object({ data: z.array(OrderItemSchema) });

/** Article feedback files (spec §5): checked by content, not by name. */
export const FEEDBACK_FILE_EXTENSIONS = ['.doc', '.docx', '.txt', '.pdf'] as const;

// ---------------------------------------------------------------------------------------------
// What the buyer may do (spec §4): each button is enabled while the life cycle
// (contract/item-life-cycle.ts) allows its event, as the server checks it.

type ItemView = Pick<
  OrderItem,
  | 'status'
  | 'is_editable_by_buyer'
  | 'is_topic_provided_by_buyer'
  | 'is_article_provided_by_buyer'
  | 'topic'
  | 'article'
>;

/** The life cycle's facts of an item as the wire shows it. */
function factsOf(item: ItemView & Partial<Pick<OrderItem, 'is_requested_edits'>>): ItemFacts {
  return {
    status: item.status,
    isArticleProvidedByBuyer: item.is_article_provided_by_buyer,
    isTopicProvidedByBuyer: item.is_topic_provided_by_buyer,
    isTopicNeedsApproval: item.topic.is_needs_approval,
    topic: item.topic.content,
    topicStatus: item.topic.status,
    articleStatus: item.article.status,
    isRequestedEdits: item.is_requested_edits ?? false,
  };
}

function allows(event: ItemEvent, item: ItemView): boolean {
  return isAllowed(event, factsOf(item));
}

/** Whether the buyer may ask the transition of the item now (PUT /orders/items/statuses). */
export function canTransition(transition: BuyerTransition, item: ItemView): boolean {
  return allows(transition, item);
}

export function canApproveTopic(item: ItemView): boolean {
  return canTransition('approve_topic', item);
}

export function canApproveContent(item: ItemView): boolean {
  return canTransition('approve_content', item);
}

/** Spec §4: not for cancelled or live links (a live link being updated counts as live, decision 040). */
export function canCancel(item: ItemView): boolean {
  return canTransition('cancel', item);
}

/** Spec §4: editable by the buyer, buyer-provided topic, topic not yet approved. */
export function canEditTopic(item: ItemView): boolean {
  return allows('edit_topic', item);
}

/** Spec §4: editable, buyer-provided article, content not approved. */
export function canEditArticleLink(item: ItemView): boolean {
  return allows('edit_article', item);
}

/**
 * Decision 040: edits are requested for a live link whose edits are not requested yet (the call
 * itself may also withdraw them, so the button asks for more than the event).
 */
export function canRequestEdit(item: Pick<OrderItem, 'status' | 'is_requested_edits'>): boolean {
  return startsFrom('request_edits', item.status) && !item.is_requested_edits;
}

export const OrderListSchema = listOf(OrderSchema);

const orders = { access: 'buyer', tags: ['Orders'] } as const;

export const orderEndpoints = {
  list: endpoint({
    ...orders,
    method: 'GET',
    path: '/v1/buyer/orders',
    permission: inObject('orders.read'),
    summary: 'The buyer’s orders, filtered, sorted and paged',
    description:
      'Search matches the order number, the PO number and the hostnames of its items; order_price filters the net price.',
    query: OrderListQuerySchema,
    status: 200,
    response: OrderListSchema,
    errors: [400, 401, 403],
  }),
  get: endpoint({
    ...orders,
    method: 'GET',
    path: '/v1/buyer/orders/{id}',
    permission: inObject('orders.read'),
    summary: 'One order of the buyer',
    params: IdParamsSchema,
    status: 200,
    response: OrderSchema,
    errors: [400, 401, 403, 404],
  }),
};

/** The errors of a buyer's item call; a repeat with the same key answers the first answer. */
const itemCallErrors = [400, 401, 403, 404, 409, 422] as const;
/** An item's upload may also be too large (413) or not a multipart form (415). */
const uploadErrors = [400, 401, 403, 404, 409, 413, 415, 422] as const;

/** The optional document of an article or its feedback; the form's `file_name` names it. */
const ArticleFileField = {
  file: z
    .file()
    .optional()
    .describe(
      'Optional document (.doc, .docx, .txt or .pdf, checked by content), at most 20 MB (413 beyond)',
    ),
};

export const orderItemEndpoints = {
  list: endpoint({
    ...orders,
    method: 'GET',
    path: '/v1/buyer/orders/{id}/items',
    permission: inObject('orders.read'),
    summary: 'The items of one of the buyer’s orders',
    params: IdParamsSchema,
    query: OrderItemListQuerySchema,
    status: 200,
    response: OrderItemListSchema,
    errors: [400, 401, 403, 404],
  }),
  changeStatuses: endpoint({
    ...orders,
    method: 'PUT',
    path: '/v1/buyer/orders/items/statuses',
    permission: inObject('items.act'),
    summary: 'Approves topics or content, or cancels items (all or none)',
    description:
      'Each item must be in a status that allows the transition (decision 040); otherwise 409 names the item and nothing changes. Cancelling an item paid with credits returns its price with VAT to the company’s credits and issues a credit note.',
    headers: IdempotencyHeadersSchema,
    body: ItemStatusesBodySchema,
    status: 200,
    response: ChangedItemsSchema,
    errors: itemCallErrors,
  }),
  requestEdits: endpoint({
    ...orders,
    method: 'PUT',
    path: '/v1/buyer/orders/items/request-edits',
    permission: inObject('items.act'),
    summary: 'Requests (or withdraws a request for) edits of live links',
    headers: IdempotencyHeadersSchema,
    body: RequestEditsBodySchema,
    status: 200,
    response: ChangedItemsSchema,
    errors: itemCallErrors,
  }),
  putTopic: endpoint({
    ...orders,
    method: 'PUT',
    path: '/v1/buyer/orders/items/{id}/topics',
    permission: inObject('items.act'),
    summary: 'Confirms or edits the buyer’s own topic',
    headers: IdempotencyHeadersSchema,
    params: IdParamsSchema,
    body: TopicBodySchema,
    status: 200,
    response: OrderItemSchema,
    errors: itemCallErrors,
  }),
  topicFeedback: endpoint({
    ...orders,
    method: 'POST',
    path: '/v1/buyer/orders/items/{id}/topics/feedbacks',
    permission: inObject('items.act'),
    summary: 'Declines the proposed topic with feedback',
    headers: IdempotencyHeadersSchema,
    params: IdParamsSchema,
    body: FeedbackBodySchema,
    status: 200,
    response: OrderItemSchema,
    errors: itemCallErrors,
  }),
  exportItems: endpoint({
    ...orders,
    method: 'GET',
    path: '/v1/buyer/orders/{id}/items/exports',
    permission: inObject('orders.read'),
    summary: 'Downloads the items of an order as CSV',
    description: 'Text cells that a spreadsheet could run as a formula start with an apostrophe.',
    params: IdParamsSchema,
    status: 200,
    response: fileResponse(['text/csv'], 'The items as CSV (text/csv), as an attachment'),
    errors: [400, 401, 403, 404],
  }),
  putArticle: endpoint({
    ...orders,
    method: 'PUT',
    path: '/v1/buyer/orders/items/{id}/articles',
    permission: inObject('items.act'),
    summary: 'Confirms or edits the buyer’s own article (link and optional file)',
    headers: IdempotencyHeadersSchema,
    params: IdParamsSchema,
    body: multipart(ArticleFormSchema.extend(ArticleFileField)),
    status: 200,
    response: OrderItemSchema,
    errors: uploadErrors,
  }),
  articleFeedback: endpoint({
    ...orders,
    method: 'POST',
    path: '/v1/buyer/orders/items/{id}/articles/feedbacks',
    permission: inObject('items.act'),
    summary: 'Declines the delivered content with feedback and an optional file',
    headers: IdempotencyHeadersSchema,
    params: IdParamsSchema,
    body: multipart(ArticleFeedbackFormSchema.extend(ArticleFileField)),
    status: 200,
    response: OrderItemSchema,
    errors: uploadErrors,
  }),
};
