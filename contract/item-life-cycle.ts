// The public part of the order item life cycle (decision 040): its events, who may cause each,
// the statuses it may start from and any further condition on the item. The server adds what
// each event leads to and changes (server/modules/orders/item-life-cycle.ts); the buyer's
// requested transitions (PUT /orders/items/statuses) and the buyer's buttons
// (contract/order-items.ts) are read from here, so a new transition is followed by the compiler
// from the server's table to the button's label.
import { ORDER_ITEM_STATUSES, type OrderItemStatus } from './orders.ts';

export const ARTICLE_STATUSES = [
  'content_ready_for_approval',
  'content_approved',
  'content_declined',
  'content_rewrite_required',
  'published',
] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const TOPIC_STATUSES = [
  'topic_ready_for_approval',
  'topic_approved',
  'topic_declined',
] as const;
export type TopicStatus = (typeof TOPIC_STATUSES)[number];

export const ITEM_EVENTS = [
  'payment_received',
  'confirm_topic',
  'edit_topic',
  'confirm_article',
  'edit_article',
  'accept_article',
  'webmaster_feedback',
  'topic_ready',
  'approve_topic',
  'topic_feedback',
  'content_ready',
  'approve_content',
  'content_feedback',
  'send_for_publication',
  'publish',
  'request_edits',
  'start_update',
  'republish',
  'cancel',
] as const;
export type ItemEvent = (typeof ITEM_EVENTS)[number];

export type Actor = 'buyer' | 'publisher' | 'system';

/** What the rules look at. */
export interface ItemFacts {
  status: OrderItemStatus;
  isArticleProvidedByBuyer: boolean;
  isTopicProvidedByBuyer: boolean;
  isTopicNeedsApproval: boolean;
  topic: string | null;
  topicStatus: TopicStatus | null;
  articleStatus: ArticleStatus | null;
  isRequestedEdits: boolean;
}

export interface ItemTransition {
  actor: Actor;
  from: readonly OrderItemStatus[];
  /** A further condition on the item besides its status. */
  when?: (item: ItemFacts) => boolean;
  /** A requested transition of spec §4: the buyer asks it of PUT /orders/items/statuses. */
  requested?: true;
}

const NOT_EDITABLE: readonly OrderItemStatus[] = [
  'sent_for_publication',
  'live_link',
  'update_link_article',
  'cancelled',
];
const ALL_BUT = (...excluded: OrderItemStatus[]): OrderItemStatus[] =>
  ORDER_ITEM_STATUSES.filter((status) => !excluded.includes(status));
/** Statuses in which the buyer may still write (decision 040, `is_editable_by_buyer`). */
const EDITABLE = ALL_BUT(...NOT_EDITABLE);

/** The topic of a publisher-written article still has to be approved by the buyer. */
const topicAwaitsApproval = (item: ItemFacts) =>
  !item.isTopicProvidedByBuyer &&
  item.isTopicNeedsApproval &&
  item.topicStatus !== 'topic_approved';

export const ITEM_TRANSITIONS = {
  payment_received: { actor: 'system', from: ['processing'] },
  confirm_topic: {
    actor: 'buyer',
    from: ['waiting_for_content'],
    when: (item) => item.isTopicProvidedByBuyer && !item.isArticleProvidedByBuyer,
  },
  edit_topic: {
    actor: 'buyer',
    from: EDITABLE,
    when: (item) => item.isTopicProvidedByBuyer && item.topicStatus !== 'topic_approved',
  },
  confirm_article: {
    actor: 'buyer',
    from: ['waiting_for_content'],
    when: (item) => item.isArticleProvidedByBuyer,
  },
  edit_article: {
    actor: 'buyer',
    from: EDITABLE,
    when: (item) => item.isArticleProvidedByBuyer && item.articleStatus !== 'content_approved',
  },
  accept_article: {
    actor: 'publisher',
    from: ['in_progress'],
    when: (item) => item.isArticleProvidedByBuyer,
  },
  webmaster_feedback: {
    actor: 'publisher',
    from: ['in_progress'],
    when: (item) => item.isArticleProvidedByBuyer,
  },
  topic_ready: {
    actor: 'publisher',
    from: ['in_progress'],
    when: (item) => !item.isArticleProvidedByBuyer && topicAwaitsApproval(item),
  },
  approve_topic: {
    actor: 'buyer',
    from: ['topic_ready_for_approval'],
    when: (item) => !item.isTopicProvidedByBuyer,
    requested: true,
  },
  topic_feedback: {
    actor: 'buyer',
    from: ['topic_ready_for_approval'],
    when: (item) => !item.isTopicProvidedByBuyer,
  },
  content_ready: {
    actor: 'publisher',
    from: ['in_progress'],
    when: (item) => !item.isArticleProvidedByBuyer && !topicAwaitsApproval(item),
  },
  approve_content: {
    actor: 'buyer',
    from: ['content_ready_for_approval'],
    when: (item) => !item.isArticleProvidedByBuyer,
    requested: true,
  },
  content_feedback: {
    actor: 'buyer',
    from: ['content_ready_for_approval'],
    when: (item) => !item.isArticleProvidedByBuyer,
  },
  send_for_publication: { actor: 'publisher', from: ['ready_for_publication'] },
  publish: { actor: 'publisher', from: ['sent_for_publication'] },
  request_edits: { actor: 'buyer', from: ['live_link'] },
  start_update: {
    actor: 'publisher',
    from: ['live_link'],
    when: (item) => item.isRequestedEdits,
  },
  republish: { actor: 'publisher', from: ['update_link_article'] },
  cancel: {
    actor: 'buyer',
    from: ALL_BUT('cancelled', 'live_link', 'update_link_article'),
    requested: true,
  },
} as const satisfies Record<ItemEvent, ItemTransition>;

/** Spec §4 "Requested item transitions": what a buyer asks of PUT /orders/items/statuses. */
export type BuyerTransition = {
  [E in ItemEvent]: (typeof ITEM_TRANSITIONS)[E] extends { requested: true } ? E : never;
}[ItemEvent];

function isRequested(event: ItemEvent): event is BuyerTransition {
  const transition: ItemTransition = ITEM_TRANSITIONS[event];
  return transition.requested === true;
}

/** In the order of ITEM_EVENTS, for the body schema of PUT /orders/items/statuses. */
export const BUYER_TRANSITIONS = ITEM_EVENTS.filter(isRequested) as [
  BuyerTransition,
  ...BuyerTransition[],
];

/** Whether the event may happen to the item now. */
export function isAllowed(event: ItemEvent, item: ItemFacts): boolean {
  const transition: ItemTransition = ITEM_TRANSITIONS[event];
  return transition.from.includes(item.status) && (transition.when?.(item) ?? true);
}

/** Whether the event may start from the status, whatever else the item holds. */
export function startsFrom(event: ItemEvent, status: OrderItemStatus): boolean {
  const transition: ItemTransition = ITEM_TRANSITIONS[event];
  return transition.from.includes(status);
}

/** `is_editable_by_buyer` (decision 040). */
export function isEditableByBuyer(status: OrderItemStatus): boolean {
  return !NOT_EDITABLE.includes(status);
}
