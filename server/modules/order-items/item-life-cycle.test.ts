import { describe, expect, it } from 'vitest';

import {
  canApproveContent,
  canApproveTopic,
  canCancel,
  canEditArticleLink,
  canEditTopic,
  canRequestEdit,
} from '#contract/order-items.ts';
import { ORDER_ITEM_STATUSES, type OrderItemStatus } from '#contract/orders.ts';

import {
  deriveOrderStatus,
  isAllowed,
  isEditableByBuyer,
  ITEM_EVENTS,
  type ItemEvent,
  type ItemFacts,
  LIFE_CYCLE,
  nextPublisherEvent,
  outcomeOf,
  refusalMessage,
} from './item-life-cycle.ts';

// The kinds of item the life cycle tells apart.
const KINDS = {
  /** A paid plan writes article and topic; the buyer approves the topic. */
  approvedTopic: {
    isArticleProvidedByBuyer: false,
    isTopicProvidedByBuyer: false,
    isTopicNeedsApproval: true,
    topic: null,
  },
  /** A paid plan writes article and topic; no approval asked. */
  publisherTopic: {
    isArticleProvidedByBuyer: false,
    isTopicProvidedByBuyer: false,
    isTopicNeedsApproval: false,
    topic: null,
  },
  /** 'provide': the buyer writes article and topic. */
  buyerArticle: {
    isArticleProvidedByBuyer: true,
    isTopicProvidedByBuyer: true,
    isTopicNeedsApproval: false,
    topic: null,
  },
  /** A paid plan writes the buyer's topic, already given at checkout. */
  buyerTopic: {
    isArticleProvidedByBuyer: false,
    isTopicProvidedByBuyer: true,
    isTopicNeedsApproval: false,
    topic: 'Ten trails for spring',
  },
} as const;
type Kind = keyof typeof KINDS;
const ALL_KINDS = Object.keys(KINDS) as Kind[];

const EDITABLE: OrderItemStatus[] = [
  'waiting_for_content',
  'in_progress',
  'processing',
  'ready_for_publication',
  'topic_ready_for_approval',
  'content_ready_for_approval',
];
const CANCELLABLE: OrderItemStatus[] = [...EDITABLE, 'sent_for_publication'];

/** Decision 040, written out by hand: event → kinds → the statuses it starts from → its target. */
type Expected = Partial<Record<Kind, { from: OrderItemStatus[]; to: OrderItemStatus | 'same' }>>;
const each = (kinds: Kind[], from: OrderItemStatus[], to: OrderItemStatus | 'same'): Expected =>
  Object.fromEntries(kinds.map((kind) => [kind, { from, to }]));

const EXPECTED: Record<ItemEvent, Expected> = {
  payment_received: {
    approvedTopic: { from: ['processing'], to: 'in_progress' },
    publisherTopic: { from: ['processing'], to: 'in_progress' },
    buyerArticle: { from: ['processing'], to: 'waiting_for_content' },
    buyerTopic: { from: ['processing'], to: 'in_progress' },
  },
  confirm_topic: each(['buyerTopic'], ['waiting_for_content'], 'in_progress'),
  edit_topic: each(['buyerArticle', 'buyerTopic'], EDITABLE, 'same'),
  confirm_article: each(['buyerArticle'], ['waiting_for_content'], 'in_progress'),
  edit_article: each(['buyerArticle'], EDITABLE, 'same'),
  accept_article: each(['buyerArticle'], ['in_progress'], 'ready_for_publication'),
  webmaster_feedback: each(['buyerArticle'], ['in_progress'], 'waiting_for_content'),
  topic_ready: each(['approvedTopic'], ['in_progress'], 'topic_ready_for_approval'),
  approve_topic: each(
    ['approvedTopic', 'publisherTopic'],
    ['topic_ready_for_approval'],
    'in_progress',
  ),
  topic_feedback: each(
    ['approvedTopic', 'publisherTopic'],
    ['topic_ready_for_approval'],
    'in_progress',
  ),
  content_ready: each(
    ['publisherTopic', 'buyerTopic'],
    ['in_progress'],
    'content_ready_for_approval',
  ),
  approve_content: each(
    ['approvedTopic', 'publisherTopic', 'buyerTopic'],
    ['content_ready_for_approval'],
    'ready_for_publication',
  ),
  content_feedback: each(
    ['approvedTopic', 'publisherTopic', 'buyerTopic'],
    ['content_ready_for_approval'],
    'in_progress',
  ),
  send_for_publication: each(ALL_KINDS, ['ready_for_publication'], 'sent_for_publication'),
  publish: each(ALL_KINDS, ['sent_for_publication'], 'live_link'),
  request_edits: each(ALL_KINDS, ['live_link'], 'same'),
  // Only once edits were requested (checked below).
  start_update: {},
  republish: each(ALL_KINDS, ['update_link_article'], 'live_link'),
  cancel: each(ALL_KINDS, CANCELLABLE, 'cancelled'),
};

const factsFor = (kind: Kind, status: OrderItemStatus, extra: Partial<ItemFacts> = {}) => ({
  ...KINDS[kind],
  status,
  topicStatus: null,
  articleStatus: null,
  isRequestedEdits: false,
  ...extra,
});

describe('the order item life cycle', () => {
  for (const event of ITEM_EVENTS) {
    it(`allows ${event} exactly where decision 040 says`, () => {
      for (const kind of ALL_KINDS) {
        const expected = EXPECTED[event][kind];
        for (const status of ORDER_ITEM_STATUSES) {
          const item = factsFor(kind, status);
          const allowed = expected?.from.includes(status) ?? false;
          expect(isAllowed(event, item), `${event} from ${status} (${kind})`).toBe(allowed);
          if (allowed && expected) {
            expect(outcomeOf(event, item).status).toBe(
              expected.to === 'same' ? status : expected.to,
            );
          }
        }
      }
    });
  }

  it('starts an update only of a live link whose buyer asked for edits', () => {
    for (const kind of ALL_KINDS) {
      for (const status of ORDER_ITEM_STATUSES) {
        const asked = factsFor(kind, status, { isRequestedEdits: true });
        expect(isAllowed('start_update', asked)).toBe(status === 'live_link');
        expect(isAllowed('start_update', factsFor(kind, status))).toBe(false);
      }
      expect(outcomeOf('start_update', factsFor(kind, 'live_link')).status).toBe(
        'update_link_article',
      );
    }
  });

  it('waits for the buyer’s topic after payment when it was not given at checkout', () => {
    const item = factsFor('buyerTopic', 'processing', { topic: '  ' });
    expect(outcomeOf('payment_received', item).status).toBe('waiting_for_content');
  });

  it('proposes no topic again once it is approved, and lets the content come instead', () => {
    const approved = factsFor('approvedTopic', 'in_progress', { topicStatus: 'topic_approved' });
    expect(isAllowed('topic_ready', approved)).toBe(false);
    expect(isAllowed('content_ready', approved)).toBe(true);
    const declined = factsFor('approvedTopic', 'in_progress', { topicStatus: 'topic_declined' });
    expect(nextPublisherEvent(declined)).toBe('topic_ready');
  });

  it('no longer lets the buyer edit an approved topic or approved content', () => {
    const topic = factsFor('buyerTopic', 'in_progress', { topicStatus: 'topic_approved' });
    expect(isAllowed('edit_topic', topic)).toBe(false);
    const article = factsFor('buyerArticle', 'in_progress', { articleStatus: 'content_approved' });
    expect(isAllowed('edit_article', article)).toBe(false);
  });

  it('changes the item as the table says', () => {
    const at = new Date('2026-03-02T10:00:00Z');
    const feedback = { text: 'Too long', file: null, created_at: at.toISOString() };
    expect(
      outcomeOf('approve_topic', factsFor('approvedTopic', 'topic_ready_for_approval')),
    ).toEqual({
      status: 'in_progress',
      changes: { topicStatus: 'topic_approved' },
    });
    expect(
      outcomeOf('content_feedback', factsFor('publisherTopic', 'content_ready_for_approval'), {
        feedback,
      }).changes,
    ).toEqual({ articleStatus: 'content_declined', articleFeedback: feedback });
    expect(
      outcomeOf('publish', factsFor('publisherTopic', 'sent_for_publication'), {
        liveLink: 'https://site.example/post',
        at,
      }).changes,
    ).toEqual({
      liveLink: 'https://site.example/post',
      publishedAt: at,
      articleStatus: 'published',
    });
    expect(
      outcomeOf('request_edits', factsFor('publisherTopic', 'live_link'), {
        isRequestedEdits: false,
      }).changes,
    ).toEqual({ isRequestedEdits: false });
    expect(
      outcomeOf('republish', factsFor('publisherTopic', 'update_link_article'), { at }),
    ).toEqual({ status: 'live_link', changes: { isRequestedEdits: false, publishedAt: at } });
  });

  it('names the item and its status when it refuses', () => {
    expect(refusalMessage('cancel', '100001-2', 'live_link')).toBe(
      'Item 100001-2 is live_link; it cannot be cancelled.',
    );
  });

  it('agrees with the buttons the buyer sees (contract/order-items.ts)', () => {
    for (const kind of ALL_KINDS) {
      for (const status of ORDER_ITEM_STATUSES) {
        for (const topicStatus of [null, 'topic_ready_for_approval', 'topic_approved'] as const) {
          const facts = factsFor(kind, status, { topicStatus });
          const view = {
            status,
            is_editable_by_buyer: isEditableByBuyer(status),
            is_topic_provided_by_buyer: facts.isTopicProvidedByBuyer,
            is_article_provided_by_buyer: facts.isArticleProvidedByBuyer,
            topic: {
              is_needs_approval: facts.isTopicNeedsApproval,
              content: null,
              status: topicStatus,
              feedback: null,
            },
            article: { status: null, feedback: null, file: null, link: null },
          };
          expect(canCancel(view)).toBe(isAllowed('cancel', facts));
          expect(canApproveContent(view)).toBe(isAllowed('approve_content', facts));
          expect(canEditTopic(view)).toBe(isAllowed('edit_topic', facts));
          expect(canEditArticleLink(view)).toBe(isAllowed('edit_article', facts));
          // The button asks for edits not yet requested; the call itself may also withdraw them.
          expect(canRequestEdit({ status, is_requested_edits: false })).toBe(
            isAllowed('request_edits', facts),
          );
          expect(canRequestEdit({ status, is_requested_edits: true })).toBe(false);
          // The topic's own status is what the button reads; the item is then waiting on it.
          if (status === 'topic_ready_for_approval' && topicStatus === 'topic_ready_for_approval') {
            expect(canApproveTopic(view)).toBe(isAllowed('approve_topic', facts));
          }
        }
      }
    }
  });

  it('takes the publisher’s natural next step, and none while the buyer is due', () => {
    const cases: [Kind, OrderItemStatus, ItemEvent | null][] = [
      ['publisherTopic', 'processing', 'payment_received'],
      ['approvedTopic', 'in_progress', 'topic_ready'],
      ['publisherTopic', 'in_progress', 'content_ready'],
      ['buyerTopic', 'in_progress', 'content_ready'],
      ['buyerArticle', 'in_progress', 'accept_article'],
      ['publisherTopic', 'ready_for_publication', 'send_for_publication'],
      ['publisherTopic', 'sent_for_publication', 'publish'],
      ['publisherTopic', 'update_link_article', 'republish'],
      ['publisherTopic', 'live_link', null],
      ['approvedTopic', 'topic_ready_for_approval', null],
      ['publisherTopic', 'content_ready_for_approval', null],
      ['buyerArticle', 'waiting_for_content', null],
      ['publisherTopic', 'cancelled', null],
    ];
    for (const [kind, status, event] of cases) {
      expect(nextPublisherEvent(factsFor(kind, status)), `${kind} ${status}`).toBe(event);
    }
  });

  it('marks the publisher and system steps apart from the buyer’s', () => {
    const buyer = ITEM_EVENTS.filter((event) => LIFE_CYCLE[event].actor === 'buyer');
    expect(buyer.sort()).toEqual(
      [
        'approve_content',
        'approve_topic',
        'cancel',
        'confirm_article',
        'confirm_topic',
        'content_feedback',
        'edit_article',
        'edit_topic',
        'request_edits',
        'topic_feedback',
      ].sort(),
    );
  });
});

describe('the order status', () => {
  it('is cancelled when every item is, completed when every other item is live, else processing', () => {
    expect(deriveOrderStatus(['cancelled', 'cancelled'])).toBe('cancelled');
    expect(deriveOrderStatus(['live_link', 'cancelled'])).toBe('completed');
    expect(deriveOrderStatus(['live_link', 'live_link'])).toBe('completed');
    expect(deriveOrderStatus(['live_link', 'update_link_article'])).toBe('processing');
    expect(deriveOrderStatus(['in_progress', 'cancelled'])).toBe('processing');
    expect(deriveOrderStatus(['processing'])).toBe('processing');
  });
});
