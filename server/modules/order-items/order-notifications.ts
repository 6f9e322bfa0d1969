// E-mails about orders (spec §3 "Notification preferences", decision 208): the order summary when
// an order is placed, a topic or content ready for approval, a link published, an invoice issued
// and a credit note. Each goes to the members of the order's company whose role may see it
// (server/db/notification-recipients.ts) and whose preference for it is on: the order mails to the
// member who placed the order and to those who follow all of the company's orders; invoices and
// credit notes to the members who see billing. A credit note also goes to the order's invoice
// addresses (decision 167). Each is queued in the transaction of its change (mail-queue.ts): it
// is sent if and only if the change commits, once per recipient, and a failed send is retried by
// the mail worker.
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import { creditEffectText, orderMoneyCents } from '#contract/order-money.ts';
import { PAYMENT_METHOD_TITLES } from '#contract/orders.ts';
import type { Permission } from '#contract/permissions.ts';
import type { Database } from '#server/db/database.ts';
import { membersToNotify } from '#server/db/notification-recipients.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';
import {
  contentReadyMail,
  creditNoteMail,
  invoiceMail,
  linkPublishedMail,
  orderSummaryMail,
  topicReadyMail,
} from '#server/mail/messages.ts';

import type { Notification } from './item-life-cycle.ts';
import {
  findCreditNoteForMail,
  findInvoiceForMail,
  findItemsWithBuyer,
  findOrderSummary,
  findPlacerName,
} from './order-items.repository.ts';

export type OrderNotice =
  | { kind: 'order_summary'; orderId: string }
  | { kind: Notification; itemId: string }
  | { kind: 'credit_note'; creditNoteId: string }
  | { kind: 'invoice'; invoiceId: string };

export interface OrderNotifier {
  /** Queues the mails of the notices the members want, in `tx`: the transaction of the change. */
  queue(tx: Database, notices: readonly OrderNotice[]): Promise<void>;
}

/**
 * What a member's role must hold to get an item's mail: an approval asks them to act on the item;
 * a published link only tells them (decision 208).
 */
const ITEM_NOTICE_PERMISSIONS: Record<Notification, Permission> = {
  topic_ready_for_approval: 'items.act',
  content_ready_for_approval: 'items.act',
  link_published: 'orders.read',
};

export function createOrderNotifier({
  mail,
  publicUrl,
}: {
  mail: MailQueue;
  publicUrl: string;
}): OrderNotifier {
  const orderLink = (orderId: string) => `${publicUrl.replace(/\/$/, '')}/orders/${orderId}`;

  const queueSummary = async (tx: Database, orderId: string) => {
    const summary = await findOrderSummary(tx, orderId);
    if (!summary) return;
    const { order, items } = summary;
    const members = await membersToNotify(tx, {
      companyId: order.companyId,
      permission: 'orders.read',
      preference: 'order_summary',
      placedByUserId: order.userId,
    });
    const placer = members.some((member) => member.userId !== order.userId)
      ? await findPlacerName(tx, order.userId)
      : null;
    for (const member of members) {
      await mail.send(
        orderSummaryMail(
          member.email,
          {
            number: order.number,
            priceWithVat: order.priceWithVat,
            paymentMethod: order.paymentMethod,
            items,
          },
          orderLink(order.id),
          member.userId === order.userId ? null : placer,
        ),
        tx,
      );
    }
  };

  const queueCreditNote = async (tx: Database, creditNoteId: string) => {
    const found = await findCreditNoteForMail(tx, creditNoteId);
    if (!found) return;
    const { note, order, invoice } = found;
    const members = await membersToNotify(tx, {
      companyId: order.companyId,
      permission: 'billing.read',
      preference: 'billing_documents',
    });
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
        [...members.map((member) => member.email), ...order.invoiceEmails].map((to) =>
          to.trim().toLowerCase(),
        ),
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

  const queueInvoice = async (tx: Database, invoiceId: string) => {
    const found = await findInvoiceForMail(tx, invoiceId);
    if (!found || found.orders.length === 0) return;
    const { invoice, orders } = found;
    const members = await membersToNotify(tx, {
      companyId: invoice.companyId,
      permission: 'billing.read',
      preference: 'billing_documents',
    });
    // An order's own invoice: whoever placed it has its total in the order summary already.
    const placer = invoice.billingMonth ? null : orders[0]!.userId;
    for (const member of members) {
      if (member.userId === placer) continue;
      await mail.send(
        invoiceMail(
          member.email,
          {
            number: invoice.number,
            amount: invoice.amount,
            paymentMethod: PAYMENT_METHOD_TITLES[invoice.paymentMethod],
            month: invoice.billingMonth?.slice(0, 7) ?? null,
            orderNumbers: orders.map((order) => order.number),
          },
          orderLink(orders[0]!.id),
        ),
        tx,
      );
    }
  };

  const queueItemNotices = async (tx: Database, kind: Notification, itemIds: string[]) => {
    for (const { item, userId, companyId } of await findItemsWithBuyer(tx, itemIds)) {
      const members = await membersToNotify(tx, {
        companyId,
        permission: ITEM_NOTICE_PERMISSIONS[kind],
        preference: kind,
        placedByUserId: userId,
      });
      const link = orderLink(item.orderId);
      const mailed = {
        number: item.number,
        siteHostname: item.siteHostname,
        targetUrl: item.targetUrl,
      };
      for (const { email } of members) {
        const message =
          kind === 'topic_ready_for_approval'
            ? topicReadyMail(email, mailed, item.topic ?? '', link)
            : kind === 'content_ready_for_approval'
              ? contentReadyMail(email, mailed, link)
              : linkPublishedMail(email, mailed, item.liveLink ?? '', link);
        await mail.send(message, tx);
      }
    }
  };

  return {
    queue: async (tx, notices) => {
      for (const notice of notices) {
        if (notice.kind === 'order_summary') await queueSummary(tx, notice.orderId);
        else if (notice.kind === 'credit_note') await queueCreditNote(tx, notice.creditNoteId);
        else if (notice.kind === 'invoice') await queueInvoice(tx, notice.invoiceId);
        else await queueItemNotices(tx, notice.kind, [notice.itemId]);
      }
    },
  };
}
