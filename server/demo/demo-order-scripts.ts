// The demo scenario's data (decision 189): a few weeks of ordering by the demo buyers, oldest
// first, so that a fresh demo shows every stage of the order item life cycle (decision 040) at
// once. The driver, demo-orders.ts, plays it through the portal's own services.
import type { PaymentMethod } from '#contract/orders.ts';
import type { VatSeller } from '#contract/vat.ts';
import type { DemoUserIds } from '#server/db/seed/demo-users.ts';
import type { ItemEvent } from '#server/modules/order-items/order-items.service.ts';

/** The seller of decision 030's defaults (SELLER_COUNTRY=DE, VAT_RATE=19). */
export const DEMO_SELLER: VatSeller = { countryCode: 'DE', rateBasisPoints: 1900 };

export type Plan = 'provide' | 'standard' | 'premium';

/**
 * How the line asks for its content: the buyer's own topic (given at checkout), a topic from the
 * publisher, or a topic from the publisher that the buyer approves first.
 */
export type TopicChoice = 'own' | 'publisher' | 'publisher_approved';

/** A step after the order is placed; the publisher writes what the demo publisher writes. */
export type Step =
  | { by: 'publisher'; event: ItemEvent }
  | { by: 'buyer'; event: 'approve_topic' | 'approve_content' | 'cancel' }
  | { by: 'buyer'; event: 'confirm_article' }
  | { by: 'buyer'; event: 'topic_feedback' | 'content_feedback'; text: string };

export interface ItemScript {
  plan: Plan;
  topic: TopicChoice;
  /** Index of the buyer's domain the link points to. */
  domain: number;
  anchor: string;
  path: string;
  ownTopic?: string;
  comments?: string;
  /** Each step with how many days before the seeding day it happened (decreasing). */
  steps: (readonly [daysAgo: number, step: Step])[];
}

export interface OrderScript {
  buyer: Exclude<keyof DemoUserIds, 'team'>;
  daysAgo: number;
  paymentMethod: PaymentMethod;
  poNumber?: string;
  /** A bank transfer arrived this many days ago. */
  paidDaysAgo?: number;
  items: ItemScript[];
}

const publisher = (event: ItemEvent): Step => ({ by: 'publisher', event });
const buyer = (event: 'approve_topic' | 'approve_content' | 'cancel' | 'confirm_article'): Step =>
  ({ by: 'buyer', event }) as Step;

/**
 * The story of the demo, oldest first. Each item's steps follow decision 040's table; the seeding
 * fails if the table refuses one, so the seeded states are reachable by construction.
 */
export const DEMO_ORDER_SCRIPTS: readonly OrderScript[] = [
  {
    // Completed: every link is live.
    buyer: 'buyer',
    daysAgo: 29,
    paymentMethod: 'credits',
    poNumber: 'PO-2026-014',
    items: [
      {
        plan: 'standard',
        topic: 'own',
        domain: 0,
        anchor: 'waterproof hiking boots',
        path: '/collections/hiking-boots',
        ownTopic: 'How to choose waterproof hiking boots for wet trails',
        steps: [
          [26, publisher('content_ready')],
          [24, buyer('approve_content')],
          [22, publisher('send_for_publication')],
          [21, publisher('publish')],
        ],
      },
      {
        plan: 'premium',
        topic: 'publisher_approved',
        domain: 0,
        anchor: 'lightweight tents',
        path: '/collections/tents',
        steps: [
          [27, publisher('topic_ready')],
          [26.5, buyer('approve_topic')],
          [25, publisher('content_ready')],
          [24, buyer('approve_content')],
          [22, publisher('send_for_publication')],
          [20, publisher('publish')],
        ],
      },
      {
        plan: 'provide',
        topic: 'own',
        domain: 0,
        anchor: 'Northwind Outdoor',
        path: '/',
        steps: [
          [28, buyer('confirm_article')],
          [26, publisher('accept_article')],
          [22, publisher('send_for_publication')],
          [21.5, publisher('publish')],
        ],
      },
      {
        plan: 'standard',
        topic: 'publisher',
        domain: 1,
        anchor: 'walking holidays in the Lake District',
        path: '/walking-holidays/lake-district',
        steps: [
          [25, publisher('content_ready')],
          [24, buyer('approve_content')],
          [22, publisher('send_for_publication')],
          [19, publisher('publish')],
        ],
      },
    ],
  },
  {
    // Pay by bill: links live, one cancelled (a credit note), the rest on their way.
    buyer: 'buyer',
    daysAgo: 24,
    paymentMethod: 'pay_by_bill',
    poNumber: 'PO-2026-017',
    items: [
      {
        plan: 'standard',
        topic: 'own',
        domain: 0,
        anchor: 'down sleeping bags',
        path: '/collections/sleeping-bags',
        ownTopic: 'Down or synthetic: picking a sleeping bag for spring camping',
        steps: [
          [21, publisher('content_ready')],
          [17, buyer('approve_content')],
          [16, publisher('send_for_publication')],
          [15, publisher('publish')],
        ],
      },
      {
        plan: 'premium',
        topic: 'own',
        domain: 0,
        anchor: 'trail running shoes',
        path: '/collections/trail-running',
        ownTopic: 'Trail running for beginners: shoes, pace and first routes',
        steps: [
          [20, publisher('content_ready')],
          [17, buyer('approve_content')],
          [16, publisher('send_for_publication')],
          [14, publisher('publish')],
        ],
      },
      {
        plan: 'standard',
        topic: 'publisher',
        domain: 1,
        anchor: 'Scottish Highlands tours',
        path: '/tours/scottish-highlands',
        steps: [[22, buyer('cancel')]],
      },
      {
        plan: 'standard',
        topic: 'own',
        domain: 0,
        anchor: 'climbing harnesses',
        path: '/collections/climbing',
        ownTopic: 'Your first climbing harness: fit, comfort and safety checks',
        comments: 'Please link from the first half of the article.',
        steps: [
          [19, publisher('content_ready')],
          [17, buyer('approve_content')],
        ],
      },
      {
        plan: 'provide',
        topic: 'own',
        domain: 0,
        anchor: 'outdoor gear shop',
        path: '/about',
        steps: [
          [23, buyer('confirm_article')],
          [20, publisher('accept_article')],
          [12, publisher('send_for_publication')],
        ],
      },
    ],
  },
  {
    // Waiting for the buyer: a topic and an article to approve.
    buyer: 'buyer',
    daysAgo: 17,
    paymentMethod: 'credits',
    items: [
      {
        plan: 'premium',
        topic: 'publisher_approved',
        domain: 0,
        anchor: 'insulated jackets',
        path: '/collections/jackets',
        steps: [[15, publisher('topic_ready')]],
      },
      {
        plan: 'standard',
        topic: 'own',
        domain: 0,
        anchor: 'camping cookware',
        path: '/collections/cookware',
        ownTopic: 'Cooking on the trail: a compact camping kitchen',
        steps: [[13, publisher('content_ready')]],
      },
      {
        plan: 'standard',
        topic: 'publisher_approved',
        domain: 1,
        anchor: 'family cycling holidays',
        path: '/cycling-holidays/family',
        steps: [
          [15, publisher('topic_ready')],
          [
            14,
            {
              by: 'buyer',
              event: 'topic_feedback',
              text: 'Please aim it at families with young children.',
            },
          ],
        ],
      },
    ],
  },
  {
    // Bank transfer, paid: work under way.
    buyer: 'buyer',
    daysAgo: 10,
    paymentMethod: 'bank_transfer',
    paidDaysAgo: 9,
    items: [
      {
        plan: 'provide',
        topic: 'own',
        domain: 1,
        anchor: 'Northwind Travel',
        path: '/',
        steps: [],
      },
      {
        plan: 'standard',
        topic: 'own',
        domain: 0,
        anchor: 'hiking backpacks',
        path: '/collections/backpacks',
        ownTopic: 'Packing a 30-litre backpack for a hut-to-hut hike',
        steps: [
          [6, publisher('content_ready')],
          [5, buyer('approve_content')],
          [3, publisher('send_for_publication')],
        ],
      },
      {
        plan: 'premium',
        topic: 'publisher',
        domain: 0,
        anchor: 'merino base layers',
        path: '/collections/base-layers',
        steps: [[4, publisher('content_ready')]],
      },
    ],
  },
  {
    // Credits, recent: articles to send, one sent back by the webmaster.
    buyer: 'buyer',
    daysAgo: 6,
    paymentMethod: 'credits',
    items: [
      {
        plan: 'provide',
        topic: 'own',
        domain: 0,
        anchor: 'hiking poles',
        path: '/collections/trekking-poles',
        steps: [],
      },
      {
        plan: 'provide',
        topic: 'own',
        domain: 0,
        anchor: 'outdoor clothing',
        path: '/collections/clothing',
        steps: [
          [5, buyer('confirm_article')],
          [3, publisher('webmaster_feedback')],
        ],
      },
      {
        plan: 'standard',
        topic: 'own',
        domain: 1,
        anchor: 'Cornwall coastal walks',
        path: '/walking-holidays/cornwall',
        ownTopic: 'Five coastal walks in Cornwall for a long weekend',
        steps: [],
      },
    ],
  },
  {
    // Bank transfer still awaited.
    buyer: 'buyer',
    daysAgo: 2,
    paymentMethod: 'bank_transfer',
    poNumber: 'PO-2026-021',
    items: [
      {
        plan: 'standard',
        topic: 'publisher',
        domain: 0,
        anchor: 'camping chairs',
        path: '/collections/camp-furniture',
        steps: [],
      },
      {
        plan: 'premium',
        topic: 'own',
        domain: 0,
        anchor: 'winter hiking gear',
        path: '/guides/winter-hiking',
        ownTopic: 'Winter hiking checklist: layers, traction and light',
        steps: [],
      },
    ],
  },
  {
    // The second buyer: one small order, with German VAT.
    buyer: 'secondBuyer',
    daysAgo: 12,
    paymentMethod: 'bank_transfer',
    paidDaysAgo: 11,
    items: [
      {
        plan: 'standard',
        topic: 'own',
        domain: 1,
        anchor: 'fitted kitchen planning',
        path: '/en/kitchen-planning',
        ownTopic: 'Eine Einbauküche planen: Maße, Geräte und Budget',
        steps: [[8, publisher('content_ready')]],
      },
    ],
  },
];
