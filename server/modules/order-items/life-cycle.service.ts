// Applies the life cycle (item-life-cycle.ts) to stored items: every item of a call is locked and
// checked first, and one refused item refuses the whole call (409) with nothing changed. Then the
// items change, the side effects of the table run (credits and credit notes on cancel, the
// order's payment on payment received), the orders' statuses are derived again, and after the
// commit the buyers get the mails they asked for.
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import { ORDER_ITEM_NOT_FOUND_MESSAGE } from '#contract/order-items.ts';
import {
  cancelCreditCents,
  RECEIVED_PAYMENT_STATUSES,
  SETTLED_PAYMENT_STATUSES,
} from '#contract/order-money.ts';
import {
  ORDER_NOT_FOUND_MESSAGE,
  type OrderItemStatus,
  type PaymentStatus,
} from '#contract/orders.ts';
import type { Clock } from '#server/clock.ts';
import { appendAuditEvent } from '#server/db/audit-events.ts';
import type { Database } from '#server/db/database.ts';
import type { orderItems, orders } from '#server/db/schema/index.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';

import { creditedCents, creditOrder, updateInvoiceStatus } from '../billing/billing.service.ts';
import type { DocumentWriter } from '../files/files.service.ts';
import {
  deriveOrderStatus,
  type EventInput,
  isAllowed,
  type ItemEvent,
  LIFE_CYCLE,
  outcomeOf,
  refusalMessage,
} from './item-life-cycle.ts';
import { factsOf } from './order-item-view.ts';
import {
  findItemIdsOfOrder,
  itemStatusesOf,
  type LockedItem,
  lockItems,
  lockOrders,
  updateItem,
  updateOrder,
} from './order-items.repository.ts';
import type { OrderNotice, OrderNotifier } from './order-notifications.ts';

export interface ApplyRequest {
  event: ItemEvent;
  ids: string[];
  /**
   * The member making the call, recorded as the items' last changer. Null for publisher steps.
   * Without `authorize`, only the items of their own orders exist for them.
   */
  userId: string | null;
  /**
   * Checks the caller may act on every locked item (each order's company and buyer); throws
   * (404, 403) to refuse the whole call, nothing changed.
   */
  authorize?: (items: LockedItem[]) => Promise<void>;
  input?: EventInput;
  /**
   * Runs in the transaction once the items are checked and locked, before they change (stores
   * an uploaded file); its answer is added to the input.
   */
  prepare?: (tx: Database, items: LockedItem[]) => Promise<EventInput>;
  /**
   * A member's own action through the API: a cancel is written to each order's company record
   * (decision 203). The platform's steps and the demo's seeded history are not.
   */
  isRecorded?: boolean;
}

/** An item's status change, as the life cycle's hook is told of it. */
export interface ItemStatusChange {
  itemId: string;
  event: ItemEvent;
  from: OrderItemStatus;
  to: OrderItemStatus;
  at: Date;
  /** The member who made the change; null for the publisher's and the platform's steps. */
  userId: string | null;
  /** What the event carried: the topic, the feedback, the live link, the reason for edits. */
  input: EventInput;
}

export interface LifeCycleService {
  /** Applies the event to every item or to none; answers the changed items' ids. */
  apply(request: ApplyRequest): Promise<string[]>;
  /** A bank transfer arrived: the order is paid and its processing items start. */
  receivePayment(orderId: string): Promise<string[]>;
}

export function createLifeCycleService({
  db,
  now,
  notifier,
  documents,
  onItemsChanged,
}: {
  db: Database;
  now: Clock;
  notifier: OrderNotifier;
  /** Writes each credit note's PDF in the cancel's transaction (decision 043). */
  documents?: DocumentWriter;
  /**
   * Told of every item an event changed, in the event's transaction after the items changed:
   * link monitoring starts and pauses with it (decision 143).
   */
  onItemsChanged?: (tx: Database, changes: readonly ItemStatusChange[]) => Promise<void>;
}): LifeCycleService {
  return {
    apply: async ({ event, ids, userId, authorize, input = {}, prepare, isRecorded = false }) => {
      const rule = LIFE_CYCLE[event];
      const notices: OrderNotice[] = [];
      await db.transaction(async (tx) => {
        const locked = await lockItems(tx, ids);
        if (locked.length !== new Set(ids).size) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
        if (authorize) await authorize(locked);
        else if (userId !== null && locked.some(({ order }) => order.userId !== userId)) {
          throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
        }
        for (const { item } of locked) {
          if (!isAllowed(event, factsOf(item))) {
            throw new ApiError(409, refusalMessage(event, item.number, item.status));
          }
        }
        const orderIds = [...new Set(locked.map(({ order }) => order.id))];
        const freshOrders = new Map(
          (await lockOrders(tx, orderIds)).map((order) => [order.id, order]),
        );
        const at = now();
        const prepared = prepare ? await prepare(tx, locked) : {};
        const eventInput: EventInput = { ...input, ...prepared, at };
        const changes: ItemStatusChange[] = [];
        for (const { item } of locked) {
          const outcome = outcomeOf(event, factsOf(item), eventInput);
          await updateItem(tx, item.id, {
            ...outcome.changes,
            status: outcome.status,
            statusChangedAt: at,
            ...(userId === null ? {} : { lastChangedByUserId: userId }),
          });
          changes.push({
            itemId: item.id,
            event,
            from: item.status,
            to: outcome.status,
            at,
            userId,
            input: eventInput,
          });
          if (rule.notify) notices.push({ kind: rule.notify, itemId: item.id });
        }
        await onItemsChanged?.(tx, changes);
        if (rule.effect === 'refund') {
          for (const order of freshOrders.values()) {
            const cancelled = locked
              .filter((row) => row.order.id === order.id)
              .map((row) => row.item);
            const cents = await creditCancelledItems(
              tx,
              order,
              cancelled,
              userId,
              at,
              documents,
              notices,
            );
            if (isRecorded && userId !== null) {
              await recordCancel(tx, { order, cancelled, cents, userId });
            }
          }
        }
        await refreshOrderStatuses(tx, orderIds);
        await notifier.queue(tx, notices);
      });
      return ids;
    },

    receivePayment: async (orderId) => {
      const changed: string[] = [];
      await db.transaction(async (tx) => {
        // Items first, then the order: the same order of locks as every other change.
        const locked = await lockItems(tx, await findItemIdsOfOrder(tx, orderId));
        const [order] = await lockOrders(tx, [orderId]);
        if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
        if (order.paymentMethod !== 'bank_transfer' || order.paymentStatus !== 'pending_payment') {
          throw new ApiError(
            409,
            `Order ${order.number} is ${order.paymentStatus} (${order.paymentMethod}); no bank transfer is awaited.`,
          );
        }
        const at = now();
        const changes: ItemStatusChange[] = [];
        for (const { item } of locked) {
          if (!isAllowed('payment_received', factsOf(item))) continue;
          const outcome = outcomeOf('payment_received', factsOf(item), { at });
          await updateItem(tx, item.id, { status: outcome.status, statusChangedAt: at });
          changed.push(item.id);
          changes.push({
            itemId: item.id,
            event: 'payment_received',
            from: item.status,
            to: outcome.status,
            at,
            userId: null,
            input: { at },
          });
        }
        await onItemsChanged?.(tx, changes);
        await updateOrder(tx, orderId, { paymentStatus: 'paid' });
        if (order.invoiceId) await updateInvoiceStatus(tx, order.invoiceId, 'paid');
        await refreshOrderStatuses(tx, [orderId]);
      });
      return changed;
    },
  };
}

/**
 * Cancelled items are credited back with their share of VAT at once, whatever the payment's
 * state (decision 167): a credit note, mailed to the buyer. For credits the amount returns to the
 * company's balance with a ledger row; an invoice still awaiting payment asks for that much less.
 * The last cancel of an order credits whatever is left, so that rounding never keeps a cent.
 * Nothing is credited once the payment is cancelled or refunded: nothing is owed any more.
 * Answers the cents credited.
 */
async function creditCancelledItems(
  tx: Database,
  order: typeof orders.$inferSelect,
  cancelled: (typeof orderItems.$inferSelect)[],
  userId: string | null,
  at: Date,
  documents: DocumentWriter | undefined,
  notices: OrderNotice[],
): Promise<number> {
  if (cancelled.length === 0) return 0;
  const statuses = (await itemStatusesOf(tx, [order.id])).get(order.id) ?? [];
  const isAllCancelled = statuses.every((status) => status === 'cancelled');
  let credited = 0;
  if (!SETTLED_PAYMENT_STATUSES.has(order.paymentStatus)) {
    const netCents = cancelled.reduce(
      (sum, item) => sum + moneyToCents(item.price) + moneyToCents(item.contentPrice),
      0,
    );
    const cents = cancelCreditCents({
      netCents,
      vatRateBasisPoints: order.vatRateBasisPoints,
      remainingCents: moneyToCents(order.priceWithVat) - (await creditedCents(tx, order.id)),
      isLastCancel: isAllCancelled,
    });
    if (cents > 0) {
      const itemNumbers = cancelled.map((item) => item.number);
      const note = await creditOrder(tx, { order, cents, itemNumbers, userId, at, documents });
      notices.push({ kind: 'credit_note', creditNoteId: note.id });
      credited = cents;
    }
  }
  if (isAllCancelled && !SETTLED_PAYMENT_STATUSES.has(order.paymentStatus)) {
    // Nothing is left to pay for: a payment received is refunded, one awaited is called off.
    const paymentStatus: PaymentStatus = RECEIVED_PAYMENT_STATUSES.has(order.paymentStatus)
      ? 'refunded'
      : 'cancelled';
    await updateOrder(tx, order.id, { paymentStatus });
    if (order.invoiceId && order.paymentMethod !== 'pay_by_bill') {
      await updateInvoiceStatus(tx, order.invoiceId, paymentStatus);
    }
  }
  return credited;
}

/** One event per order in its company's record: the items the member cancelled, the credit. */
async function recordCancel(
  tx: Database,
  {
    order,
    cancelled,
    cents,
    userId,
  }: {
    order: typeof orders.$inferSelect;
    cancelled: (typeof orderItems.$inferSelect)[];
    cents: number;
    userId: string;
  },
): Promise<void> {
  if (cancelled.length === 0) return;
  await appendAuditEvent(tx, {
    companyId: order.companyId,
    actorUserId: userId,
    action: 'order.items_cancelled',
    subject: order.number,
    details: {
      // In the order's own order, whatever order the items were locked in.
      items: cancelled
        .map((item) => item.number)
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
        .join(', '),
      ...(cents > 0 ? { credited: centsToMoney(cents) } : {}),
    },
  });
}

/** Stores each order's status as derived from its items (decision 040). */
export async function refreshOrderStatuses(tx: Database, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const statuses = await itemStatusesOf(tx, orderIds);
  for (const orderId of orderIds) {
    await updateOrder(tx, orderId, { status: deriveOrderStatus(statuses.get(orderId) ?? []) });
  }
}
