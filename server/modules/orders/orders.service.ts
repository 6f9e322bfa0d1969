// The company's orders (spec §2 orders screens, §7 "Orders"): the list, filtered, sorted and
// paged, and one order. A member sees the orders of the companies where their role reads orders
// (decision 203); another company's order is 404, as it always was.
import type { z } from 'zod';

import { moneyToCents } from '#contract/money.ts';
import type { OrderListQuerySchema } from '#contract/order-items.ts';
import { orderMoney } from '#contract/order-money.ts';
import {
  type Order,
  ORDER_NOT_FOUND_MESSAGE,
  type PaymentMethod,
  type PaymentStatus,
} from '#contract/orders.ts';
import type { Pagination } from '#contract/pagination.ts';
import type { Permission } from '#contract/permissions.ts';
import { rateText } from '#contract/vat.ts';
import type { Database } from '#server/db/database.ts';
import { unreadByOrder } from '#server/db/unread-messages.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { type Caller, priceSight } from '#server/http/member-access.ts';

import { type Payee, paymentInstructionsOf } from '../billing/billing.service.ts';
import {
  type CreditNoteRef,
  creditsAndCancellations,
  findOrder,
  findOrderOwners,
  findOrdersOfUser,
  latestCreditNotes,
  liveLinkCounts,
  type OrderWithRefs,
} from './orders.repository.ts';

type OrderListQuery = z.output<typeof OrderListQuerySchema>;

export interface OrdersService {
  list(caller: Caller, query: OrderListQuery): Promise<{ data: Order[]; pagination: Pagination }>;
  /** One order of a company where the caller reads orders; 404 for any other, 403 by role. */
  get(caller: Caller, orderId: string): Promise<Order>;
}

/**
 * The order's company and buyer once the caller's role there holds `permission`: 404 for a
 * missing order or another company's, 403 for a member whose role does not allow it.
 */
export async function requireOrder(
  db: Database,
  caller: Caller,
  orderId: string,
  permission: Permission,
): Promise<{ companyId: string; userId: string }> {
  const owners = await findOrderOwners(db, orderId);
  if (!owners) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  await caller.requireIn(owners.companyId, permission).catch((error: unknown) => {
    throw error instanceof ApiError && error.statusCode === 404
      ? notFound(ORDER_NOT_FOUND_MESSAGE)
      : error;
  });
  return owners;
}

export function createOrdersService({ db, payee }: { db: Database; payee: Payee }): OrdersService {
  return {
    list: async (caller, query) => {
      const filter = query.filter ?? {};
      const { rows, total } = await findOrdersOfUser(
        db,
        caller.userId,
        {
          search: filter.search || undefined,
          paymentStatus: filter.payment_status,
          status: filter.status,
          company: filter.company,
          priceMin: filter.order_price?.min,
          priceMax: filter.order_price?.max,
          hasUnreadMessages: filter.messages === 'unread',
        },
        query.sorting ?? {},
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      const ids = rows.map((row) => row.order.id);
      const [live, notes, money, unread] = await Promise.all([
        liveLinkCounts(db, ids),
        latestCreditNotes(db, ids),
        creditsAndCancellations(db, ids),
        unreadByOrder(db, caller.userId, ids),
      ]);
      const sight = await priceSight(
        caller,
        rows.map((row) => row.order.companyId),
      );
      return {
        data: rows.map((row) =>
          toOrder({
            ...row,
            liveLinks: live.get(row.order.id) ?? 0,
            creditNote: notes.get(row.order.id) ?? null,
            ...money.get(row.order.id),
            payee,
            seesPrices: sight.has(row.order.companyId),
            unreadMessages: unread.get(row.order.id) ?? 0,
          }),
        ),
        pagination: { page: query.page, limit: query.limit, total },
      };
    },

    get: async (caller, orderId) => {
      await requireOrder(db, caller, orderId, 'orders.read');
      const row = await findOrder(db, orderId);
      if (!row) throw notFound(ORDER_NOT_FOUND_MESSAGE);
      const [notes, money, unread] = await Promise.all([
        latestCreditNotes(db, [orderId]),
        creditsAndCancellations(db, [orderId]),
        unreadByOrder(db, caller.userId, [orderId]),
      ]);
      return toOrder({
        ...row,
        creditNote: notes.get(orderId) ?? null,
        ...money.get(orderId),
        payee,
        seesPrices: await caller.seesPricesIn(row.order.companyId),
        unreadMessages: unread.get(orderId) ?? 0,
      });
    },
  };
}

export interface InvoiceRef {
  id: string | null;
  number: string | null;
  paymentStatus: PaymentStatus | null;
  paymentMethod: PaymentMethod | null;
  fileId: string | null;
  fileName: string | null;
  /** What the invoice asks to be paid; absent where the caller does not know it. */
  amount?: string | null;
  /** A monthly bill's month: it bills several orders. */
  billingMonth?: string | null;
  createdAt?: Date | null;
}

/** A file of a document (invoice, credit note) as the wire shows it, when it has one. */
function documentFile(fileId: string | null, fileName: string | null) {
  return fileId && fileName ? { id: fileId, file_name: fileName } : null;
}

/** The wire form of an order's invoice (also shown on each of its items); null until issued. */
export function toInvoice(invoice: InvoiceRef | null): Order['invoice'] {
  if (!invoice?.id || !invoice.number || !invoice.paymentStatus || !invoice.paymentMethod) {
    return null;
  }
  return {
    id: invoice.id,
    number: invoice.number,
    file: documentFile(invoice.fileId, invoice.fileName),
    payment_status: invoice.paymentStatus,
    payment_method: invoice.paymentMethod,
  };
}

/** The wire form of an order (also what placing one answers). */
export function toOrder({
  order,
  companyTitle,
  placedBy = null,
  invoice,
  liveLinks,
  creditNote = null,
  creditedCents = 0,
  cancelledLinks = 0,
  payee,
  seesPrices,
  unreadMessages = 0,
}: Omit<OrderWithRefs, 'invoice' | 'placedBy'> & {
  /** The order's buyer (at checkout: the caller). */
  placedBy?: OrderWithRefs['placedBy'];
  invoice: InvoiceRef | null;
  creditNote?: CreditNoteRef | null;
  /** What the order's credit notes credited; none for an order just placed. */
  creditedCents?: number;
  cancelledLinks?: number;
  /** Where a bank transfer goes. */
  payee: Payee;
  /**
   * Whether the caller sees the company's prices (`Caller.seesPricesIn`, decision 206): when not,
   * every money amount is null, and so are the payment instructions, which carry one.
   */
  seesPrices: boolean;
  /** Messages on its items the reader has not read (decision 213); none for a new order. */
  unreadMessages?: number;
}): Order {
  const ownInvoiceAmount =
    invoice?.id && !invoice.billingMonth && invoice.amount ? invoice.amount : null;
  const amounts = orderMoney({
    method: order.paymentMethod,
    status: order.paymentStatus,
    chargedCents: moneyToCents(order.priceWithVat),
    creditedCents,
    invoiceAmountCents: ownInvoiceAmount === null ? null : moneyToCents(ownInvoiceAmount),
  });
  const shown = <T>(value: T): T | null => (seesPrices ? value : null);
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    number: order.number,
    po_number: order.poNumber,
    price: shown(order.price),
    vat: shown(order.vat),
    vat_rate: rateText(order.vatRateBasisPoints),
    vat_treatment: order.vatTreatment,
    price_with_vat: shown(order.priceWithVat),
    links_amount: order.linksAmount,
    cancelled_links_amount: cancelledLinks,
    live_links_amount: liveLinks,
    status: order.status,
    company: { id: order.companyId, title: companyTitle },
    placed_by: placedBy?.id
      ? { id: placedBy.id, first_name: placedBy.firstName, last_name: placedBy.lastName }
      : null,
    invoice_emails: order.invoiceEmails,
    billing: order.billing,
    payment_method: order.paymentMethod,
    payment: { status: order.paymentStatus, method: order.paymentMethod },
    invoice: toInvoice(invoice),
    amounts: {
      charged: shown(amounts.charged),
      credited: shown(amounts.credited),
      paid: shown(amounts.paid),
      due: shown(amounts.due),
    },
    payment_instructions: shown(paymentInstructionsOf(payee, order, invoice)),
    credit_note: creditNote
      ? {
          id: creditNote.id,
          number: creditNote.number,
          file: documentFile(creditNote.fileId, creditNote.fileName),
        }
      : null,
    unread_messages: unreadMessages,
  };
}
