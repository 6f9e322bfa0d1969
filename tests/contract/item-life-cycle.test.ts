import { describe, expect, it } from 'vitest';

import {
  BUYER_TRANSITIONS,
  isEditableByBuyer,
  ITEM_EVENTS,
  ITEM_TRANSITIONS,
  type ItemTransition,
} from '#contract/item-life-cycle.ts';
import { ItemStatusesBodySchema } from '#contract/order-items.ts';
import { ORDER_ITEM_STATUSES } from '#contract/orders.ts';

const transitionOf = (event: (typeof ITEM_EVENTS)[number]): ItemTransition =>
  ITEM_TRANSITIONS[event];

describe('the public part of the item life cycle', () => {
  it('names the requested transitions of spec §4, in order, all the buyer’s', () => {
    expect(BUYER_TRANSITIONS).toEqual(['approve_topic', 'approve_content', 'cancel']);
    for (const transition of BUYER_TRANSITIONS) {
      expect(transitionOf(transition).actor).toBe('buyer');
    }
  });

  it('lets PUT /orders/items/statuses take exactly the requested transitions', () => {
    const ids = ['00000000-0000-4000-8000-000000000001'];
    for (const event of ITEM_EVENTS) {
      const parsed = ItemStatusesBodySchema.safeParse({ transition: event, ids });
      expect(parsed.success).toBe(transitionOf(event).requested === true);
    }
  });

  it('starts every event from known statuses', () => {
    for (const event of ITEM_EVENTS) {
      const { from } = transitionOf(event);
      expect(from.length).toBeGreaterThan(0);
      for (const status of from) expect(ORDER_ITEM_STATUSES).toContain(status);
    }
  });

  it('lets the buyer write until the item is sent for publication (decision 040)', () => {
    expect(ORDER_ITEM_STATUSES.filter((status) => !isEditableByBuyer(status))).toEqual([
      'sent_for_publication',
      'cancelled',
      'live_link',
      'update_link_article',
    ]);
  });
});
