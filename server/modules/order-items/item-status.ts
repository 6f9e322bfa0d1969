// The status an order item starts in, decided in this one place (decision 040, "start status").
import type { OrderItemStatus, PaymentStatus } from '#contract/orders.ts';

export interface NewOrderItemFacts {
  /** The 'provide' plan: the buyer supplies article and image. */
  isArticleProvidedByBuyer: boolean;
  /** The buyer writes the topic and has not given it yet. */
  isTopicAwaited?: boolean;
  paymentStatus: PaymentStatus;
}

/**
 * Work starts once the order is paid (credits) or approved (pay by bill): the item waits for the
 * buyer when the buyer provides the article or still owes the topic, else the writers are at
 * work. Until then (bank transfer awaited) the item is processing.
 */
export function initialOrderItemStatus(facts: NewOrderItemFacts): OrderItemStatus {
  if (facts.paymentStatus !== 'paid' && facts.paymentStatus !== 'approved') return 'processing';
  return facts.isArticleProvidedByBuyer || facts.isTopicAwaited
    ? 'waiting_for_content'
    : 'in_progress';
}
