// An order item as the wire names it (contract/order-items.ts), and the facts the life cycle reads.
import { type ItemLinkHealth, linkHealthOf } from '#contract/link-monitoring.ts';
import type { Feedback, OrderItem } from '#contract/order-items.ts';
import type { orderItems, StoredFeedback } from '#server/db/schema/index.ts';

import { toInvoice } from '../orders/orders.service.ts';
import { isEditableByBuyer, type ItemFacts } from './item-life-cycle.ts';
import type { ItemViewRow } from './order-items.repository.ts';

export function factsOf(item: typeof orderItems.$inferSelect): ItemFacts {
  return {
    status: item.status,
    isArticleProvidedByBuyer: item.isArticleProvidedByBuyer,
    isTopicProvidedByBuyer: item.isTopicProvidedByBuyer,
    isTopicNeedsApproval: item.isTopicNeedsApproval,
    topic: item.topic,
    topicStatus: item.topicStatus,
    articleStatus: item.articleStatus,
    isRequestedEdits: item.isRequestedEdits,
  };
}

function feedbackOf(stored: StoredFeedback | null): Feedback | null {
  return stored ? { text: stored.text, file: stored.file, created_at: stored.created_at } : null;
}

/**
 * The item as the wire names it. `seesPrices`: whether the caller sees its company's prices
 * (`Caller.seesPricesIn`, decision 206); when not, its price and its content's are null.
 */
export function toOrderItem(row: ItemViewRow, seesPrices: boolean, unreadMessages = 0): OrderItem {
  const { item, order, plan, invoice } = row;
  return {
    id: item.id,
    created_at: item.createdAt.toISOString(),
    number: item.number,
    order: { id: order.id, number: order.number },
    price: seesPrices ? item.price : null,
    status: item.status,
    site: { id: item.siteId, hostname: item.siteHostname },
    buyer_domain: item.buyerDomainId
      ? { id: item.buyerDomainId, hostname: item.buyerDomainHostname }
      : null,
    article_topic: item.articleTopic,
    content_product_plan:
      plan && plan.id && plan.slug && plan.title
        ? {
            id: plan.id,
            title: item.contentProductPlanTitle ?? plan.title,
            slug: plan.slug,
            features: plan.features ?? [],
            min_words_amount: plan.minWordsAmount,
            max_words_amount: plan.maxWordsAmount,
            is_max_words_amount_exceed_allowed: plan.isMaxWordsAmountExceedAllowed ?? false,
            // The price paid for the content, frozen on the item.
            price: seesPrices ? item.contentPrice : null,
          }
        : null,
    word_count: item.wordCount,
    target_url: item.targetUrl,
    anchor_text: item.anchorText,
    custom_id: item.customId,
    comments: item.comments,
    is_requested_edits: item.isRequestedEdits,
    article_niche: { id: item.nicheId, title: row.nicheTitle },
    live_link: item.liveLink,
    is_article_provided_by_buyer: item.isArticleProvidedByBuyer,
    is_topic_provided_by_buyer: item.isTopicProvidedByBuyer,
    is_editable_by_buyer: isEditableByBuyer(item.status),
    is_topic_needs_approval: item.isTopicNeedsApproval,
    // 'provide' with the buyer's own topic: article, image and topic all come from the buyer.
    is_content_fully_provided_by_buyer:
      item.isArticleProvidedByBuyer && item.isTopicProvidedByBuyer,
    article: {
      status: item.articleStatus,
      feedback: feedbackOf(item.articleFeedback),
      file:
        row.articleFile?.id && row.articleFile.fileName
          ? { id: row.articleFile.id, file_name: row.articleFile.fileName }
          : null,
      link: item.articleLink,
    },
    topic: {
      is_needs_approval: item.isTopicNeedsApproval,
      content: item.topic,
      status: item.topicStatus,
      feedback: feedbackOf(item.topicFeedback),
    },
    webmaster_feedback: feedbackOf(item.webmasterFeedback),
    publishing_due_date: item.publishingDueDate,
    published_at: item.publishedAt?.toISOString() ?? null,
    invoice: toInvoice(invoice),
    payment_method: order.paymentMethod,
    content_guidelines: item.contentGuidelines ?? null,
    link_health: linkHealthOfRow(row),
    changed_by: row.changedBy?.id
      ? {
          id: row.changedBy.id,
          first_name: row.changedBy.firstName,
          last_name: row.changedBy.lastName,
        }
      : null,
    unread_messages: unreadMessages,
  };
}

/**
 * A live item not picked up by the monitor yet is pending; a refunded link (monitoring ended) and
 * an item never live have none.
 */
function linkHealthOfRow(row: ItemViewRow): ItemLinkHealth | null {
  if (row.linkMonitorEndedAt) return null;
  if (!row.linkMonitorItemId) {
    return row.item.status === 'live_link'
      ? { status: 'pending', last_checked_at: null, last_outcome: null }
      : null;
  }
  return {
    status: linkHealthOf({
      hasOpenIssue: row.openLinkIssueId !== null,
      lastOutcome: row.lastCheckOutcome,
    }),
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    last_outcome: row.lastCheckOutcome,
  };
}
