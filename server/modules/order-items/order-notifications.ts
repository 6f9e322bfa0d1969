// E-mails about orders, each sent only when the buyer's notification preference for it is on
// (spec §3 "Notification preferences"): the order summary when an order is placed, a topic or
// content ready for approval, and a link published. Each is queued in the transaction of its
// change (mail-queue.ts): it is sent if and only if the change commits, and a failed send is
// retried by the mail worker.
import type { NotificationPreferences } from '#contract/profile.ts';
import type { Database } from '#server/db/database.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';
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
  /** Queues the mails of the notices the buyers want, in `tx`: the transaction of the change. */
  queue(tx: Database, notices: readonly OrderNotice[]): Promise<void>;
}

export function createOrderNotifier({
  mail,
  publicUrl,
}: {
  mail: MailQueue;
  publicUrl: string;
}): OrderNotifier {
  const orderLink = (orderId: string) => `${publicUrl.replace(/\/$/, '')}/orders/${orderId}`;

  const wants = (preferences: NotificationPreferences, kind: keyof NotificationPreferences) =>
    preferences[kind] !== false;

  const queueSummary = async (tx: Database, orderId: string) => {
    const summary = await findOrderSummary(tx, orderId);
    if (!summary) return;
    const { order, items } = summary;
    const person = await findRecipient(tx, order.userId);
    if (!person || !wants(person.preferences, 'order_summary')) return;
    await mail.send(
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
      tx,
    );
  };

  const queueItemNotices = async (tx: Database, kind: Notification, itemIds: string[]) => {
    for (const { item, userId } of await findItemsWithBuyer(tx, itemIds)) {
      const person = await findRecipient(tx, userId);
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
      await mail.send(message, tx);
    }
  };

  return {
    queue: async (tx, notices) => {
      for (const notice of notices) {
        if (notice.kind === 'order_summary') await queueSummary(tx, notice.orderId);
        else await queueItemNotices(tx, notice.kind, [notice.itemId]);
      }
    },
  };
}
