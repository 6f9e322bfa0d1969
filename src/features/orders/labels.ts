/** Words for the statuses and flags of orders and their items, and for the buyer's actions. */
import type { BuyerTransition } from '#contract/order-items.ts';

export {
  ARTICLE_STATUS_LABELS,
  ORDER_ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  TOPIC_STATUS_LABELS,
  yesNo,
} from '#contract/order-labels.ts';

/** The buyer's requested transitions: the bulk button, and what the success toast says was done. */
export const BUYER_TRANSITION_LABELS: Record<BuyerTransition, { button: string; done: string }> = {
  approve_topic: { button: 'Approve topics', done: 'approved' },
  approve_content: { button: 'Approve content', done: 'approved' },
  cancel: { button: 'Cancel selected', done: 'cancelled' },
};
