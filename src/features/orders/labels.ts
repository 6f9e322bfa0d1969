/** Words for the statuses and flags of orders and their items. */
import type { OrderItemStatus, OrderStatus, PaymentStatus } from '#contract/orders.ts';
import type { ArticleStatus, BuyerTransition, TopicStatus } from '#contract/order-items.ts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  processing: 'Processing',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending_payment: 'Pending payment',
  approved: 'Approved',
  paid: 'Paid',
  refunded: 'Refunded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  created: 'Created',
};

export const ORDER_ITEM_STATUS_LABELS: Record<OrderItemStatus, string> = {
  waiting_for_content: 'Waiting for content',
  in_progress: 'In progress',
  processing: 'Processing',
  ready_for_publication: 'Ready for publication',
  sent_for_publication: 'Sent for publication',
  cancelled: 'Cancelled',
  live_link: 'Live link',
  update_link_article: 'Updating link article',
  topic_ready_for_approval: 'Topic ready for approval',
  content_ready_for_approval: 'Content ready for approval',
};

export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = {
  content_ready_for_approval: 'Ready for approval',
  content_approved: 'Approved',
  content_declined: 'Declined',
  content_rewrite_required: 'Rewrite required',
  published: 'Published',
};

export const TOPIC_STATUS_LABELS: Record<TopicStatus, string> = {
  topic_ready_for_approval: 'Ready for approval',
  topic_approved: 'Approved',
  topic_declined: 'Declined',
};

/** The buyer's requested transitions: the bulk button, and what the success toast says was done. */
export const BUYER_TRANSITION_LABELS: Record<BuyerTransition, { button: string; done: string }> = {
  approve_topic: { button: 'Approve topics', done: 'approved' },
  approve_content: { button: 'Approve content', done: 'approved' },
  cancel: { button: 'Cancel selected', done: 'cancelled' },
};

export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}
