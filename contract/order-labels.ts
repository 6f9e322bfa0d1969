// The words for orders and their items (statuses, flags, column names) and the texts derived from
// an item, as the order screens show them. The screens and the items export read them from here,
// so a file says what the page says.
import type { ArticleStatus, OrderItem, TopicStatus } from './order-items.ts';
import type { OrderItemStatus, OrderStatus, PaymentStatus } from './orders.ts';

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

/** The columns of the order items table (spec §2 "Order item table"), by column id. */
export const ORDER_ITEM_COLUMN_LABELS = {
  number: 'Number',
  invoice: 'Invoice',
  status: 'Status',
  live_link: 'Live link',
  link_health: 'Link health',
  payment_status: 'Payment status',
  buyer_domain: 'Buyer domain',
  domain: 'Domain',
  price: 'Price',
  due_date: 'Due date',
  published_at: 'Published date',
  custom_id: 'Custom id',
  link_type: 'Link type',
  anchor_text: 'Anchor text',
  target_url: 'Target URL',
  content_provided: 'Content provided by the provider',
  article_content: 'Article content',
  comments: 'Comments',
  topic_needs_approval: 'Topic needs approval',
  topic: 'Topic',
  topic_approved: 'Topic approved',
  topic_feedback: 'Topic feedback',
  article: 'Article',
  content_approved: 'Content approved',
  content_feedback: 'Content feedback',
  webmaster_feedback: 'Webmaster feedback',
  content_guidelines: 'Guidelines',
} as const;

/** The badge of an item whose edits were requested. */
export const EDITS_REQUESTED_LABEL = 'Edits requested';

export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

/**
 * An item's payment status: its invoice's, except that a cancelled item's share was credited
 * (decision 167), whatever its invoice still awaits. Empty without an invoice.
 */
export function itemPaymentStatusText(item: Pick<OrderItem, 'status' | 'invoice'>): string {
  if (!item.invoice) return '';
  return item.status === 'cancelled'
    ? 'Credited'
    : PAYMENT_STATUS_LABELS[item.invoice.payment_status];
}

/** Who writes the article: the plan and its length, or the buyer. */
export function articleContentText(
  item: Pick<OrderItem, 'content_product_plan' | 'word_count'>,
): string {
  return item.content_product_plan
    ? `${item.content_product_plan.title}${item.word_count ? `, ${item.word_count} words` : ''}`
    : 'Provided by you';
}
