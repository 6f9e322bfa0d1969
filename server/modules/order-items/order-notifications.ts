// E-mails about orders, each sent only when the buyer's notification preference for it is on
// (spec §3 "Notification preferences"): the order summary when an order is placed, a topic or
// content ready for approval, and a link published. They are sent after the change is committed;
// a failed mail is logged and never undoes or fails the change.
import type { NotificationPreferences } from '#contract/profile.ts';
import type { Database } from '#server/db/database.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import {
  contentReadyMail,
  linkPublishedMail,
  orderSummaryMail,
  topicReadyMail,
} from '#server/mail/messages.ts';
import type { Notification } from './item-life-cycle.ts';
import { findItemsWithBuyer, findOrderSummary, findRecipient } from './order-items.repository.ts';

export type OrderNotice =
  { kind: 'order_summary'; orderId: string } | { kind: Notification; itemId: string };

export interface OrderNotifier {
  /** Sends the notices the buyers want; never throws. */
  send(notices: readonly OrderNotice[]): Promise<void>;
}

export function createOrderNotifier({
  db,
  mailer,
  publicUrl,
  log,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: (message: string, error?: unknown) => void;
}): OrderNotifier {
  const orderLink = (orderId: string) => `${publicUrl.replace(/\/$/, '')}/orders/${orderId}`;

  const recipient = (userId: string) => findRecipient(db, userId);
  const wants = (preferences: NotificationPreferences, kind: keyof NotificationPreferences) =>
    preferences[kind] !== false;

  const sendSummary = async (orderId: string) => {
    const summary = await findOrderSummary(db, orderId);
    if (!summary) return;
    const { order, items } = summary;
    const person = await recipient(order.userId);
    if (!person || !wants(person.preferences, 'order_summary')) return;
    await mailer.send(
      orderSummaryMail(
        person.email,
        {
          number: order.number,
          priceWithVat: order.priceWithVat,
          paymentMethod: order.paymentMethod,
          items,
        },
        orderLink(order.id),
      ),
    );
  };

  const sendItemNotices = async (kind: Notification, itemIds: string[]) => {
    for (const { item, userId } of await findItemsWithBuyer(db, itemIds)) {
      const person = await recipient(userId);
      if (!person || !wants(person.preferences, kind)) continue;
      const link = orderLink(item.orderId);
      const mailed = {
        number: item.number,
        siteHostname: item.siteHostname,
        targetUrl: item.targetUrl,
      };
      const message =
        kind === 'topic_ready_for_approval'
          ? topicReadyMail(person.email, mailed, item.topic ?? '', link)
          : kind === 'content_ready_for_approval'
            ? contentReadyMail(person.email, mailed, link)
            : linkPublishedMail(person.email, mailed, item.liveLink ?? '', link);
      await mailer.send(message);
    }
  };

  return {
    send: async (notices) => {
      for (const notice of notices) {
        try {
          if (notice.kind === 'order_summary') await sendSummary(notice.orderId);
          else await sendItemNotices(notice.kind, [notice.itemId]);
        } catch (error) {
          log(`Sending the ${notice.kind} mail failed`, error);
        }
      }
    },
  };
}
