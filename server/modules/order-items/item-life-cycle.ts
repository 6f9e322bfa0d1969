// The order item life cycle of decision 040, in one table: each event names who may cause it, the
// statuses it may start from (and any further condition on the item), the status it leads to,
// what else it changes on the item and which side effects follow (refund, payment, mail). The
// buyer's calls, the demo publisher job and `npm run demo:advance` all go through this table, and
// the order's status is derived from its items here too.
import type { OrderItemStatus, OrderStatus } from '../../../contract/orders.ts';
import type { ArticleStatus, TopicStatus } from '../../../contract/order-items.ts';
import type { NotificationPreferences } from '../../../contract/profile.ts';
import type { StoredFeedback } from '../../db/schema/index.ts';
import { initialOrderItemStatus } from './item-status.ts';

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

/** What an event may carry: the buyer's text and files, the publisher's link. */
export interface EventInput {
  topic?: string;
  feedback?: StoredFeedback;
  articleLink?: string;
  /** Undefined keeps the stored file; a value replaces it. */
  articleFileId?: string;
  isRequestedEdits?: boolean;
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

export interface EventRule {
  actor: Actor;
  from: readonly OrderItemStatus[];
  /** A further condition on the item besides its status. */
  when?: (item: ItemFacts) => boolean;
  to: (item: ItemFacts) => OrderItemStatus;
  changes?: (item: ItemFacts, input: EventInput) => ItemChanges;
  effect?: SideEffect;
  notify?: Notification;
  /** Completes "Item 100001-2 is live_link; …" when the event is refused. */
  refusal: string;
}

const same = (item: ItemFacts) => item.status;
const isEditable = (item: ItemFacts) => !NOT_EDITABLE.includes(item.status);
const NOT_EDITABLE: readonly OrderItemStatus[] = [
  'sent_for_publication',
  'live_link',
  'update_link_article',
  'cancelled',
];
const ALL_BUT = (...excluded: OrderItemStatus[]): OrderItemStatus[] =>
  ORDER_ITEM_STATUS_LIST.filter((status) => !excluded.includes(status));
const ORDER_ITEM_STATUS_LIST: readonly OrderItemStatus[] = [
  'waiting_for_content',
  'in_progress',
  'processing',
  'ready_for_publication',
  'sent_for_publication',
  'cancelled',
  'live_link',
  'update_link_article',
  'topic_ready_for_approval',
  'content_ready_for_approval',
];
/** Statuses in which the buyer may still write (decision 040, `is_editable_by_buyer`). */
const EDITABLE = ALL_BUT(...NOT_EDITABLE);

/** The topic of a publisher-written article still has to be approved by the buyer. */
const topicAwaitsApproval = (item: ItemFacts) =>
  !item.isTopicProvidedByBuyer &&
  item.isTopicNeedsApproval &&
  item.topicStatus !== 'topic_approved';

export const LIFE_CYCLE: Record<ItemEvent, EventRule> = {
  payment_received: {
    actor: 'system',
    from: ['processing'],
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
    actor: 'buyer',
    from: ['waiting_for_content'],
    when: (item) => item.isTopicProvidedByBuyer && !item.isArticleProvidedByBuyer,
    to: () => 'in_progress',
    changes: (_, input) => ({ topic: input.topic ?? null }),
    refusal: 'its topic cannot be confirmed',
  },
  edit_topic: {
    actor: 'buyer',
    from: EDITABLE,
    when: (item) => item.isTopicProvidedByBuyer && item.topicStatus !== 'topic_approved',
    to: same,
    changes: (_, input) => ({ topic: input.topic ?? null }),
    refusal: 'its topic cannot be edited',
  },
  confirm_article: {
    actor: 'buyer',
    from: ['waiting_for_content'],
    when: (item) => item.isArticleProvidedByBuyer,
    to: () => 'in_progress',
    changes: (_, input) => articleChanges(input),
    refusal: 'its article cannot be confirmed',
  },
  edit_article: {
    actor: 'buyer',
    from: EDITABLE,
    when: (item) => item.isArticleProvidedByBuyer && item.articleStatus !== 'content_approved',
    to: same,
    changes: (_, input) => articleChanges(input),
    refusal: 'its article cannot be edited',
  },
  accept_article: {
    actor: 'publisher',
    from: ['in_progress'],
    when: (item) => item.isArticleProvidedByBuyer,
    to: () => 'ready_for_publication',
    changes: () => ({ articleStatus: 'content_approved' }),
    refusal: "the buyer's article cannot be accepted",
  },
  webmaster_feedback: {
    actor: 'publisher',
    from: ['in_progress'],
    when: (item) => item.isArticleProvidedByBuyer,
    to: () => 'waiting_for_content',
    changes: (_, input) => ({
      articleStatus: 'content_rewrite_required',
      webmasterFeedback: input.feedback ?? null,
    }),
    refusal: 'no webmaster feedback can be given',
  },
  topic_ready: {
    actor: 'publisher',
    from: ['in_progress'],
    when: (item) => !item.isArticleProvidedByBuyer && topicAwaitsApproval(item),
    to: () => 'topic_ready_for_approval',
    changes: (_, input) => ({
      topicStatus: 'topic_ready_for_approval',
      ...(input.topic === undefined ? {} : { topic: input.topic }),
    }),
    notify: 'topic_ready_for_approval',
    refusal: 'no topic can be proposed',
  },
  approve_topic: {
    actor: 'buyer',
    from: ['topic_ready_for_approval'],
    when: (item) => !item.isTopicProvidedByBuyer,
    to: () => 'in_progress',
    changes: () => ({ topicStatus: 'topic_approved' }),
    refusal: 'its topic cannot be approved',
  },
  topic_feedback: {
    actor: 'buyer',
    from: ['topic_ready_for_approval'],
    when: (item) => !item.isTopicProvidedByBuyer,
    to: () => 'in_progress',
    changes: (_, input) => ({
      topicStatus: 'topic_declined',
      topicFeedback: input.feedback ?? null,
    }),
    refusal: 'no feedback can be given on its topic',
  },
  content_ready: {
    actor: 'publisher',
    from: ['in_progress'],
    when: (item) => !item.isArticleProvidedByBuyer && !topicAwaitsApproval(item),
    to: () => 'content_ready_for_approval',
    changes: (_, input) => ({
      articleStatus: 'content_ready_for_approval',
      ...(input.articleLink === undefined ? {} : { articleLink: input.articleLink }),
    }),
    notify: 'content_ready_for_approval',
    refusal: 'no content can be delivered',
  },
  approve_content: {
    actor: 'buyer',
    from: ['content_ready_for_approval'],
    when: (item) => !item.isArticleProvidedByBuyer,
    to: () => 'ready_for_publication',
    changes: () => ({ articleStatus: 'content_approved' }),
    refusal: 'its content cannot be approved',
  },
  content_feedback: {
    actor: 'buyer',
    from: ['content_ready_for_approval'],
    when: (item) => !item.isArticleProvidedByBuyer,
    to: () => 'in_progress',
    changes: (_, input) => ({
      articleStatus: 'content_declined',
      articleFeedback: input.feedback ?? null,
    }),
    refusal: 'no feedback can be given on its content',
  },
  send_for_publication: {
    actor: 'publisher',
    from: ['ready_for_publication'],
    to: () => 'sent_for_publication',
    refusal: 'it cannot be sent for publication',
  },
  publish: {
    actor: 'publisher',
    from: ['sent_for_publication'],
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
    actor: 'buyer',
    from: ['live_link'],
    to: same,
    changes: (_, input) => ({ isRequestedEdits: input.isRequestedEdits ?? true }),
    refusal: 'edits cannot be requested',
  },
  start_update: {
    actor: 'publisher',
    from: ['live_link'],
    when: (item) => item.isRequestedEdits,
    to: () => 'update_link_article',
    refusal: 'no update was requested',
  },
  republish: {
    actor: 'publisher',
    from: ['update_link_article'],
    to: () => 'live_link',
    changes: (_, input) => ({ isRequestedEdits: false, publishedAt: input.at ?? null }),
    notify: 'link_published',
    refusal: 'it cannot be republished',
  },
  cancel: {
    actor: 'buyer',
    from: ALL_BUT('cancelled', 'live_link', 'update_link_article'),
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

/** Whether the event may happen to the item now. */
export function isAllowed(event: ItemEvent, item: ItemFacts): boolean {
  const rule = LIFE_CYCLE[event];
  return rule.from.includes(item.status) && (rule.when?.(item) ?? true);
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

/** `is_editable_by_buyer` (decision 040). */
export function isEditableByBuyer(status: OrderItemStatus): boolean {
  return isEditable({ status } as ItemFacts);
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
