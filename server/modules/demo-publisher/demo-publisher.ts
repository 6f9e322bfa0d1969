// The publishers of a demo installation. Publishers work in another portal; in a demo their steps
// are played here, through the same life cycle as everything else (decision 040): a job that
// moves each paid item one publisher step once it has rested DEMO_ADVANCE_SECONDS in its status,
// and `npm run demo:advance`, which moves one item one step at once. Never part of a production
// start (decision 041). The demo publisher also talks (decision 213): it answers the buyer's
// messages on its next pass, with an answer that fits the item's state, and asks its own questions
// when it proposes a topic and when it delivers a draft.
import { ORDER_ITEM_NOT_FOUND_MESSAGE } from '#contract/order-items.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import type { orderItems } from '#server/db/schema/index.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { every, type ScheduleRule } from '#server/jobs/schedules.ts';

import type { ConversationsService } from '../conversations/conversations.service.ts';
import {
  type EventInput,
  factsOf,
  findItem,
  findItemIdByNumberOrId,
  findItemsDueForPublisher,
  ITEM_EVENTS,
  type ItemEvent,
  LIFE_CYCLE,
  type LifeCycleService,
  nextPublisherEvent,
  PUBLISHER_STATUSES,
} from '../order-items/order-items.service.ts';

export const DEMO_PUBLISHER_JOB = 'demo-publisher';
/** Items moved per run at most, so one run never holds the worker for long. */
const BATCH = 200;

export interface AdvanceResult {
  item: string;
  event: ItemEvent;
  from: string;
  to: string;
}

/** Publisher and system events: the ones the command may name. */
export const PUBLISHER_EVENTS = ITEM_EVENTS.filter((event) => LIFE_CYCLE[event].actor !== 'buyer');

export interface DemoPublisher {
  /** Moves one item (id or number) one step: the named event, else the natural next one. */
  advance(reference: string, event?: ItemEvent): Promise<AdvanceResult | null>;
  /**
   * Moves every item that rested `paceSeconds` one step, then answers the buyers' new messages;
   * answers how many items moved.
   */
  advanceDue(paceSeconds: number): Promise<number>;
  /** Answers the buyers' new messages; answers how many threads it answered. */
  answerMessages(): Promise<number>;
}

/** Threads answered per pass at most. */
const ANSWER_BATCH = 50;

export function createDemoPublisher({
  db,
  now,
  lifeCycle,
  conversations,
}: {
  db: Database;
  now: Clock;
  lifeCycle: LifeCycleService;
  /** Where the publisher reads and writes messages; without it the demo publisher is silent. */
  conversations?: Pick<
    ConversationsService,
    'awaitingPublisher' | 'answerAsPublisher' | 'postAsPublisher'
  >;
}): DemoPublisher {
  const load = async (id: string) => {
    const item = await findItem(db, id);
    if (!item) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
    return item;
  };

  const step = async (id: string, named?: ItemEvent): Promise<AdvanceResult | null> => {
    const item = await load(id);
    if (named && LIFE_CYCLE[named].actor === 'buyer') {
      throw new ApiError(400, `${named} is the buyer's step, not the publisher's.`);
    }
    const event = named ?? nextPublisherEvent(factsOf(item));
    if (!event) return null;
    if (event === 'payment_received') {
      await lifeCycle.receivePayment(item.orderId);
    } else {
      await lifeCycle.apply({
        event,
        ids: [id],
        userId: null,
        input: publisherInput(event, item, now()),
      });
    }
    const after = await load(id);
    const question = DEMO_QUESTIONS[event];
    if (question && conversations) await conversations.postAsPublisher(id, question);
    return { item: item.number, event, from: item.status, to: after.status };
  };

  /** Answers every thread in which the buyer wrote since the publisher last read it. */
  const answerMessages = async () => {
    if (!conversations) return 0;
    let answered = 0;
    for (const id of await conversations.awaitingPublisher(ANSWER_BATCH)) {
      const item = await findItem(db, id);
      if (item && (await conversations.answerAsPublisher(id, () => demoAnswer(item)))) {
        answered += 1;
      }
    }
    return answered;
  };

  return {
    advance: async (reference, event) => {
      const id = await findItemIdByNumberOrId(db, reference.trim());
      if (!id) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
      return step(id, event);
    },
    advanceDue: async (paceSeconds) => {
      const before = new Date(now().getTime() - paceSeconds * 1000);
      const due = await findItemsDueForPublisher(db, PUBLISHER_STATUSES, before, BATCH);
      let moved = 0;
      for (const { id } of due) {
        try {
          if (await step(id)) moved += 1;
        } catch (error) {
          // Another worker or the buyer changed the item meanwhile: it is looked at next run.
          if (!(error instanceof ApiError && error.statusCode === 409)) throw error;
        }
      }
      await answerMessages();
      return moved;
    },
    answerMessages,
  };
}

/** What the demo publisher asks after its step (decision 213). */
const DEMO_QUESTIONS: Partial<Record<ItemEvent, string>> = {
  topic_ready:
    'We have proposed a topic. Is there an angle, a product or a season you would like the article to mention?',
  content_ready:
    'The draft is ready for your review. Do you have an image you would like us to use, or shall we choose one?',
};

/** The demo publisher's answer to a buyer's message, from where the item stands. */
export function demoAnswer(item: typeof orderItems.$inferSelect): string {
  switch (item.status) {
    case 'processing':
      return 'Thank you for your message. We start as soon as the payment of the order is confirmed.';
    case 'waiting_for_content':
      return item.isArticleProvidedByBuyer
        ? 'Thanks! We are waiting for your article: send its link and we will review it within two working days.'
        : 'Thanks! We are waiting for your topic: once it is in, our writer starts.';
    case 'topic_ready_for_approval':
      return `Thanks for your note. The topic we propose is "${item.topic ?? 'in the order'}": approve it, or decline it with what you would like instead.`;
    case 'in_progress':
      return 'Noted, thank you. Our writer is on it and will follow your guidelines; we will send the draft for your approval soon.';
    case 'content_ready_for_approval':
      return `The draft is at ${item.articleLink ?? 'the link in the order'}. Approve it, or decline it and say what to change.`;
    case 'ready_for_publication':
    case 'sent_for_publication':
      return 'Noted. The article is scheduled and goes live within a few days; we will post the link here.';
    case 'update_link_article':
      return 'We have your request and are updating the article; the link stays where it is.';
    case 'live_link':
      return `The link is live at ${item.liveLink ?? 'the address in the order'}. If something needs changing, request an edit and say what.`;
    case 'cancelled':
      return 'This item is cancelled, so there is nothing more to do on our side. Thank you.';
    default:
      return 'Thank you for your message; we will get back to you shortly.';
  }
}

/** What the demo publisher writes: a topic, a draft link, a live link. */
export function publisherInput(
  event: ItemEvent,
  item: typeof orderItems.$inferSelect,
  at: Date,
): EventInput {
  const slug = item.anchorText
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  const page = `${slug || 'article'}-${item.number}`;
  switch (event) {
    case 'topic_ready':
      return { topic: `${capitalise(item.anchorText || 'Our pick')}: what to know in 2026` };
    case 'content_ready':
      return { articleLink: `https://${item.siteHostname}/drafts/${page}` };
    case 'publish':
      return { liveLink: `https://${item.siteHostname}/${page}` };
    case 'webmaster_feedback':
      return {
        feedback: {
          text: 'Please shorten the introduction and add one more source.',
          file: null,
          created_at: at.toISOString(),
        },
      };
    default:
      return {};
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The job: one pass of due publisher steps. */
export function createDemoPublisherJob(publisher: DemoPublisher, paceSeconds: number) {
  return async (): Promise<void> => {
    await publisher.advanceDue(paceSeconds);
  };
}

/**
 * A demo publisher pass at a quarter of the pace, aligned to the clock, so that an item rests
 * about the pace in each status (a pace of 0 queues nothing). A pass that finds nothing due
 * changes nothing.
 */
export function demoPublisherSchedule(paceSeconds: number): ScheduleRule | null {
  if (paceSeconds <= 0) return null;
  return every(Math.max(1000, Math.round((paceSeconds * 1000) / 4)));
}
