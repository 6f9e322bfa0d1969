import { describe, expect, it } from 'vitest';

import { PAYMENT_STATUSES } from '#contract/orders.ts';

import { initialOrderItemStatus } from './item-status.ts';

describe('initialOrderItemStatus', () => {
  it('waits for the buyer’s article once the order is paid or approved', () => {
    for (const paymentStatus of ['paid', 'approved'] as const) {
      expect(initialOrderItemStatus({ isArticleProvidedByBuyer: true, paymentStatus })).toBe(
        'waiting_for_content',
      );
      expect(initialOrderItemStatus({ isArticleProvidedByBuyer: false, paymentStatus })).toBe(
        'in_progress',
      );
    }
  });

  it('waits for a topic the buyer writes and has not given yet', () => {
    expect(
      initialOrderItemStatus({
        isArticleProvidedByBuyer: false,
        isTopicAwaited: true,
        paymentStatus: 'paid',
      }),
    ).toBe('waiting_for_content');
    expect(
      initialOrderItemStatus({
        isArticleProvidedByBuyer: false,
        isTopicAwaited: true,
        paymentStatus: 'pending_payment',
      }),
    ).toBe('processing');
  });

  it('is processing while the payment is not settled', () => {
    for (const paymentStatus of PAYMENT_STATUSES.filter((s) => s !== 'paid' && s !== 'approved')) {
      for (const isArticleProvidedByBuyer of [true, false]) {
        expect(initialOrderItemStatus({ isArticleProvidedByBuyer, paymentStatus })).toBe(
          'processing',
        );
      }
    }
  });
});
