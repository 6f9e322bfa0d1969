// The order item life cycle of decision 040, in one table: each event takes who may cause it, the
// statuses it may start from and any further condition on the item from the contract
// (contract/item-life-cycle.ts), and adds the status it leads to, what else it changes on the item
// and which side effects follow (refund, payment, mail). The buyer's calls, the demo publisher job
// and `npm run demo:advance` all go through this table, and the order's status is derived from its
// items here too.
import {
  isAllowed,
  ITEM_TRANSITIONS,
  type ItemEvent,
  type ItemFacts,
  type ItemTransition,
} from '#contract/item-life-cycle.ts';
import type { ArticleStatus, TopicStatus } from '#contract/order-items.ts';
import type { OrderItemStatus, OrderStatus } from '#contract/orders.ts';
import type { NotificationPreferences } from '#contract/profile.ts';
import type { StoredFeedback } from '#server/db/schema/index.ts';

import { initialOrderItemStatus } from './item-status.ts';

export {
  type Actor,
  isAllowed,
  isEditableByBuyer,
  ITEM_EVENTS,
  type ItemEvent,
  type ItemFacts,
} from '#contract/item-life-cycle.ts';

/** What an event may carry: the buyer's text and files, the publisher's link. */
export interface EventInput {
  topic?: string;
  feedback?: StoredFeedback;
  articleLink?: string;
  /** Undefined keeps the stored file; a value replaces it. */
  articleFileId?: string;
  isRequestedEdits?: boolean;
  /** What the buyer asks to change when requesting edits. */
  reason?: string;
  liveLink?: string;
  at?: Date;
}

/** Column changes of an item besides its status. */
export interface ItemChanges {
  topic?: string | null;
  topicStatus?: TopicStatus | null;
  topicFeedback?: StoredFeedback | null;
  articleStatus?: ArticleStatus | null;
  articleLink?: string | null;
  articleFileId?: string | null;
  articleFeedback?: StoredFeedback | null;
  webmasterFeedback?: StoredFeedback | null;
  isRequestedEdits?: boolean;
  liveLink?: string | null;
  publishedAt?: Date | null;
}

export type SideEffect = 'refund' | 'payment';
export type Notification = keyof Pick<
  NotificationPreferences,
  'topic_ready_for_approval' | 'content_ready_for_approval' | 'link_published'
>;

export interface EventRule extends ItemTransition {
  to: (item: ItemFacts) => OrderItemStatus;
  changes?: (item: ItemFacts, input: EventInput) => ItemChanges;
  effect?: SideEffect;
  notify?: Notification;
  /** Completes "Item 100001-2 is live_link; …" when the event is refused. */
  refusal: string;
}

const same = (item: ItemFacts) => item.status;

export const LIFE_CYCLE: Record<ItemEvent, EventRule> = {
  payment_received: {
    ...ITEM_TRANSITIONS.payment_received,
    to: (item) =>
      initialOrderItemStatus({
        isArticleProvidedByBuyer: item.isArticleProvidedByBuyer,
        isTopicAwaited: item.isTopicProvidedByBuyer && !item.topic?.trim(),
        paymentStatus: 'paid',
      }),
    effect: 'payment',
    refusal: 'its payment cannot be received',
  },
  confirm_topic: {
    ...ITEM_TRANSITIONS.confirm_topic,
    to: () => 'in_progress',
    changes: (_, input) => ({ topic: input.topic ?? null }),
    refusal: 'its topic cannot be confirmed',
  },
  edit_topic: {
    ...ITEM_TRANSITIONS.edit_topic,
    to: same,
    changes: (_, input) => ({ topic: input.topic ?? null }),
    refusal: 'its topic cannot be edited',
  },
  confirm_article: {
    ...ITEM_TRANSITIONS.confirm_article,
    to: () => 'in_progress',
    changes: (_, input) => articleChanges(input),
    refusal: 'its article cannot be confirmed',
  },
  edit_article: {
    ...ITEM_TRANSITIONS.edit_article,
    to: same,
    changes: (_, input) => articleChanges(input),
    refusal: 'its article cannot be edited',
  },
  accept_article: {
    ...ITEM_TRANSITIONS.accept_article,
    to: () => 'ready_for_publication',
    changes: () => ({ articleStatus: 'content_approved' }),
    refusal: "the buyer's article cannot be accepted",
  },
  webmaster_feedback: {
    ...ITEM_TRANSITIONS.webmaster_feedback,
    to: () => 'waiting_for_content',
    changes: (_, input) => ({
      articleStatus: 'content_rewrite_required',
      webmasterFeedback: input.feedback ?? null,
    }),
    refusal: 'no webmaster feedback can be given',
  },
  topic_ready: {
    ...ITEM_TRANSITIONS.topic_ready,
    to: () => 'topic_ready_for_approval',
    changes: (_, input) => ({
      topicStatus: 'topic_ready_for_approval',
      ...(input.topic === undefined ? {} : { topic: input.topic }),
    }),
    notify: 'topic_ready_for_approval',
    refusal: 'no topic can be proposed',
  },
  approve_topic: {
    ...ITEM_TRANSITIONS.approve_topic,
    to: () => 'in_progress',
    changes: () => ({ topicStatus: 'topic_approved' }),
    refusal: 'its topic cannot be approved',
  },
  topic_feedback: {
    ...ITEM_TRANSITIONS.topic_feedback,
    to: () => 'in_progress',
    changes: (_, input) => ({
      topicStatus: 'topic_declined',
      topicFeedback: input.feedback ?? null,
    }),
    refusal: 'no feedback can be given on its topic',
  },
  content_ready: {
    ...ITEM_TRANSITIONS.content_ready,
    to: () => 'content_ready_for_approval',
    changes: (_, input) => ({
      articleStatus: 'content_ready_for_approval',
      ...(input.articleLink === undefined ? {} : { articleLink: input.articleLink }),
    }),
    notify: 'content_ready_for_approval',
    refusal: 'no content can be delivered',
  },
  approve_content: {
    ...ITEM_TRANSITIONS.approve_content,
    to: () => 'ready_for_publication',
    changes: () => ({ articleStatus: 'content_approved' }),
    refusal: 'its content cannot be approved',
  },
  content_feedback: {
    ...ITEM_TRANSITIONS.content_feedback,
    to: () => 'in_progress',
    changes: (_, input) => ({
      articleStatus: 'content_declined',
      articleFeedback: input.feedback ?? null,
    }),
    refusal: 'no feedback can be given on its content',
  },
  send_for_publication: {
    ...ITEM_TRANSITIONS.send_for_publication,
    to: () => 'sent_for_publication',
    refusal: 'it cannot be sent for publication',
  },
  publish: {
    ...ITEM_TRANSITIONS.publish,
    to: () => 'live_link',
    changes: (_, input) => ({
      liveLink: input.liveLink ?? null,
      publishedAt: input.at ?? null,
      articleStatus: 'published',
    }),
    notify: 'link_published',
    refusal: 'it cannot be published',
  },
  request_edits: {
    ...ITEM_TRANSITIONS.request_edits,
    to: same,
    changes: (_, input) => ({ isRequestedEdits: input.isRequestedEdits ?? true }),
    refusal: 'edits cannot be requested',
  },
  start_update: {
    ...ITEM_TRANSITIONS.start_update,
    to: () => 'update_link_article',
    refusal: 'no update was requested',
  },
  republish: {
    ...ITEM_TRANSITIONS.republish,
    to: () => 'live_link',
    changes: (_, input) => ({ isRequestedEdits: false, publishedAt: input.at ?? null }),
    notify: 'link_published',
    refusal: 'it cannot be republished',
  },
  cancel: {
    ...ITEM_TRANSITIONS.cancel,
    to: () => 'cancelled',
    effect: 'refund',
    refusal: 'it cannot be cancelled',
  },
};

function articleChanges(input: EventInput): ItemChanges {
  return {
    articleStatus: 'content_ready_for_approval',
    articleLink: input.articleLink ?? null,
    ...(input.articleFileId === undefined ? {} : { articleFileId: input.articleFileId }),
  };
}

/** The 409 text of a refused event. */
export function refusalMessage(event: ItemEvent, number: string, status: OrderItemStatus): string {
  return `Item ${number} is ${status}; ${LIFE_CYCLE[event].refusal}.`;
}

/** The status after the event and every column it changes; the event must be allowed. */
export function outcomeOf(
  event: ItemEvent,
  item: ItemFacts,
  input: EventInput = {},
): { status: OrderItemStatus; changes: ItemChanges } {
  const rule = LIFE_CYCLE[event];
  return { status: rule.to(item), changes: rule.changes?.(item, input) ?? {} };
}

/** PUT …/topics: confirming the awaited topic, or editing it. */
export function topicEventFor(item: ItemFacts): ItemEvent {
  return isAllowed('confirm_topic', item) ? 'confirm_topic' : 'edit_topic';
}

/** PUT …/articles: confirming the awaited article, or editing it. */
export function articleEventFor(item: ItemFacts): ItemEvent {
  return isAllowed('confirm_article', item) ? 'confirm_article' : 'edit_article';
}

const PUBLISHER_ORDER: readonly ItemEvent[] = [
  'payment_received',
  'accept_article',
  'topic_ready',
  'content_ready',
  'send_for_publication',
  'publish',
  'start_update',
  'republish',
];

/**
 * The publisher's (or the system's) natural next step for the item, or null when the item waits
 * for the buyer or is finished. A buyer's article is accepted rather than sent back.
 */
export function nextPublisherEvent(item: ItemFacts): ItemEvent | null {
  return PUBLISHER_ORDER.find((event) => isAllowed(event, item)) ?? null;
}

/** Statuses in which a publisher step may be due (the demo publisher scans these). */
export const PUBLISHER_STATUSES: readonly OrderItemStatus[] = [
  'in_progress',
  'ready_for_publication',
  'sent_for_publication',
  'live_link',
  'update_link_article',
];

/**
 * The order's status from its items' (decision 040): cancelled when every item is, completed when
 * every item that is not cancelled is a live link, else processing.
 */
export function deriveOrderStatus(statuses: readonly OrderItemStatus[]): OrderStatus {
  const active = statuses.filter((status) => status !== 'cancelled');
  if (active.length === 0) return 'cancelled';
  return active.every((status) => status === 'live_link') ? 'completed' : 'processing';
}
