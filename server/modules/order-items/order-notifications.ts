// E-mails about orders, each sent only when the buyer's notification preference for it is on
// (spec §3 "Notification preferences"): the order summary when an order is placed, a topic or
// content ready for approval, and a link published. A credit note is a document, not a notice:
// it always goes to the buyer and to the order's invoice addresses (decision 167). Each is
// queued in the transaction of its change (mail-queue.ts): it is sent if and only if the change
// commits, and a failed send is retried by the mail worker.
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import { creditEffectText, orderMoneyCents } from '#contract/order-money.ts';
import type { NotificationPreferences } from '#contract/profile.ts';
import type { Database } from '#server/db/database.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';
import {
  contentReadyMail,
  creditNoteMail,
  linkPublishedMail,
  orderSummaryMail,
  topicReadyMail,
} from '#server/mail/messages.ts';

import type { Notification } from './item-life-cycle.ts';
import {
  findCreditNoteForMail,
  findItemsWithBuyer,
  findOrderSummary,
  findRecipient,
} from './order-items.repository.ts';

export type OrderNotice =
  | { kind: 'order_summary'; orderId: string }
  | { kind: Notification; itemId: string }
  | { kind: 'credit_note'; creditNoteId: string };

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

  const queueCreditNote = async (tx: Database, creditNoteId: string) => {
    const found = await findCreditNoteForMail(tx, creditNoteId);
    if (!found) return;
    const { note, order, invoice } = found;
    const person = await findRecipient(tx, order.userId);
    const amountCents = moneyToCents(note.amount);
    const money = orderMoneyCents({
      method: order.paymentMethod,
      status: order.paymentStatus,
      chargedCents: moneyToCents(order.priceWithVat),
      creditedCents: Number(found.creditedCents),
      invoiceAmountCents: invoice?.amount && !invoice.month ? moneyToCents(invoice.amount) : null,
    });
    const effect = creditEffectText(
      {
        method: order.paymentMethod,
        status: order.paymentStatus,
        amountCents,
        invoiceNumber: invoice?.number ?? null,
        isMonthlyBill: Boolean(invoice?.month),
        dueCents: money.due,
      },
      (cents) => `${centsToMoney(cents)} EUR`,
    );
    const recipients = [
      ...new Set(
        [...(person ? [person.email] : []), ...order.invoiceEmails].map((to) => to.trim()),
      ),
    ];
    for (const to of recipients) {
      await mail.send(
        creditNoteMail(
          to,
          {
            number: note.number,
            orderNumber: order.number,
            invoiceNumber: invoice?.number ?? null,
            amount: note.amount,
            itemNumbers: note.itemNumbers,
            effect,
            due: centsToMoney(money.due),
          },
          orderLink(order.id),
        ),
        tx,
      );
    }
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
        else if (notice.kind === 'credit_note') await queueCreditNote(tx, notice.creditNoteId);
        else await queueItemNotices(tx, notice.kind, [notice.itemId]);
      }
    },
  };
}
