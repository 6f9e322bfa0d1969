import { describe, expect, it } from 'vitest';

import {
  CartItemUpdateSchema,
  MAX_TEXT_LENGTH,
  missingCheckoutFields,
  NOT_BLANK_MESSAGE,
  POSITIVE_INTEGER_MESSAGE,
  wordCountMessage,
} from '#contract/cart.ts';
import { makeCartItem, PLANS } from '#src/test-utils/factories.ts';
import { dateNotRealMessage } from '#src/utils/date-input.ts';

import {
  firstErrorPosition,
  fixedWordCount,
  itemViolations,
  liveFieldError,
  missingFieldErrors,
  textLength,
  textLengthError,
  wordCountError,
} from './row-errors.ts';

describe('checkout row errors', () => {
  it('marks the missing required fields of each row', () => {
    const complete = makeCartItem();
    const noAnchor = makeCartItem({ anchor_text: '  ' });
    const paidOwnTopic = makeCartItem({ topic: null, target_url: null });
    const provided = makeCartItem({ content_product_plan: null, topic: null });
    const suggested = makeCartItem({ article_topic: 'please_provide_me_a_topic', topic: null });
    const provideSlug = makeCartItem({ content_product_plan: PLANS[0]!, topic: null });

    // Each line as checkout's answer lists it: what it lacks, by the contract's rule.
    const errors = missingFieldErrors(
      [complete, noAnchor, paidOwnTopic, provided, suggested, provideSlug].map((item) => ({
        id: item.id,
        missing: missingCheckoutFields(item),
      })),
    );
    expect(errors).toEqual({
      [noAnchor.id]: { anchor_text: NOT_BLANK_MESSAGE },
      [paidOwnTopic.id]: { target_url: NOT_BLANK_MESSAGE, topic: NOT_BLANK_MESSAGE },
    });
    expect(firstErrorPosition(errors, [complete.id, paidOwnTopic.id, noAnchor.id])).toBe(1);
    expect(firstErrorPosition({}, [complete.id])).toBe(-1);
  });

  it('puts items[index].field violations on the row at that position', () => {
    const ids = ['a', 'b', 'c'];
    const result = itemViolations(
      [
        { path: 'items[2].anchor_text', message: NOT_BLANK_MESSAGE },
        {
          path: 'items[0].target_url',
          message: 'Newlines are not allowed',
          parameters: { value: '"https://shop.example.org/a"' },
        },
        { path: 'items[0].target_url', message: 'second message is ignored' },
        { path: 'items[7].topic', message: 'no such row' },
        { path: 'items[1].price', message: 'not a field of the row' },
        { path: 'payment_method', message: 'Pay by bill is not available for this company.' },
      ],
      ids,
    );
    expect(result.errors).toEqual({
      c: { anchor_text: NOT_BLANK_MESSAGE },
      a: { target_url: 'Newlines are not allowed' },
    });
    expect(result.corrections).toEqual({ a: 'https://shop.example.org/a' });
    expect(result.unmatched.map((v) => v.path)).toEqual([
      'items[7].topic',
      'items[1].price',
      'payment_method',
    ]);
  });

  it('checks a field again as it is typed, and finds it valid once it is', () => {
    const item = makeCartItem();
    expect(liveFieldError(item, 'anchor_text', '  ')).toBe(NOT_BLANK_MESSAGE);
    expect(liveFieldError(item, 'anchor_text', 'shoes')).toBeUndefined();
    expect(liveFieldError(item, 'target_url', '')).toBe(NOT_BLANK_MESSAGE);
    expect(liveFieldError(item, 'target_url', 'ftp://shop.example.org')).toBe(
      'Only http and https addresses are accepted.',
    );
    expect(liveFieldError(item, 'target_url', 'shop.example.org/a')).toBeUndefined();
    // The topic is required only when the buyer writes it for a paid plan.
    expect(liveFieldError(item, 'topic', '')).toBe(NOT_BLANK_MESSAGE);
    const provided = makeCartItem({ content_product_plan: null });
    expect(liveFieldError(provided, 'topic', '')).toBeUndefined();
    expect(liveFieldError(item, 'publishing_due_date', '30/02/2027')).toBe(dateNotRealMessage());
    expect(liveFieldError(item, 'publishing_due_date', '28/02/2027')).toBeUndefined();
    expect(liveFieldError(item, 'comments', '')).toBeUndefined();
  });

  it('refuses a text longer than the server takes, counted as the server counts it', () => {
    const item = makeCartItem();
    for (const field of ['anchor_text', 'topic', 'comments'] as const) {
      const max = MAX_TEXT_LENGTH[field];
      // An emoji is one character (two UTF-16 units), for the server's rule as for the counter.
      const longest = `${'a'.repeat(max - 1)}😀`;
      const tooLong = `${longest}a`;
      expect(textLength(longest)).toBe(max);
      expect(textLengthError(field, longest)).toBeUndefined();
      expect(CartItemUpdateSchema.safeParse({ [field]: longest }).success).toBe(true);
      expect(CartItemUpdateSchema.safeParse({ [field]: tooLong }).success).toBe(false);
      expect(liveFieldError(item, field, tooLong)).toBe(textLengthError(field, tooLong));
    }
    expect(textLengthError('anchor_text', 'a'.repeat(256))).toBe(
      'Anchor text must be at most 255 characters; this one has 256.',
    );
  });

  it('takes a word count its plan allows, and names the rule otherwise', () => {
    const [provide, standard, premium] = PLANS as [
      (typeof PLANS)[0],
      (typeof PLANS)[0],
      (typeof PLANS)[0],
    ];
    const bounded = { ...premium, is_max_words_amount_exceed_allowed: false };
    expect(fixedWordCount(standard)).toBe(500);
    expect(fixedWordCount(premium)).toBeNull();
    expect(fixedWordCount(null)).toBeNull();
    expect(wordCountError(provide, '')).toBeUndefined();
    expect(wordCountError(null, '700')).toBeUndefined();
    expect(wordCountError(standard, '500')).toBeUndefined();
    expect(wordCountError(standard, '700')).toBe('The word count must be 500.');
    expect(wordCountError(premium, '800')).toBe(wordCountMessage(1000, null));
    expect(wordCountError(premium, '9000')).toBeUndefined();
    expect(wordCountError(bounded, '1600')).toBe(wordCountMessage(1000, 1500));
    expect(wordCountError(premium, ' ')).toBe(NOT_BLANK_MESSAGE);
    for (const typed of ['1e3', '1000.5', '-1000', '0']) {
      expect(wordCountError(premium, typed)).toBe(POSITIVE_INTEGER_MESSAGE);
    }
    const item = makeCartItem({ content_product_plan: premium, word_count: 1000 });
    expect(liveFieldError(item, 'word_count', '800')).toBe(wordCountMessage(1000, null));
  });
});
