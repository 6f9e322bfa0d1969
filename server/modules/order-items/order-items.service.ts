// The items of the company's orders (spec §2 orders screens, §7 "Orders"): the items of an order,
// the members' item calls (each one event of the life cycle) and the export of an order's items.
// Members read them with orders.read and act with items.act (item-access.ts); another company's
// item is 404. It is also what other modules use
// of order items: the life cycle, item statuses and the order mails (exported below).
import { createHash } from 'node:crypto';

import { hostnameToUnicode } from '#contract/idna.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import {
  ArticleFeedbackFormSchema,
  ArticleFormSchema,
  type BuyerTransition,
  ORDER_ITEM_NOT_FOUND_MESSAGE,
  type OrderItem,
} from '#contract/order-items.ts';
import {
  ARTICLE_STATUS_LABELS,
  articleContentText,
  EDITS_REQUESTED_LABEL,
  itemPaymentStatusText,
  ORDER_ITEM_COLUMN_LABELS as LABELS,
  ORDER_ITEM_STATUS_LABELS,
  TOPIC_STATUS_LABELS,
  yesNo,
} from '#contract/order-labels.ts';
import { PAYMENT_METHOD_TITLES } from '#contract/orders.ts';
import type { Pagination } from '#contract/pagination.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import type { StoredFeedback } from '#server/db/schema/index.ts';
import { unreadByItem } from '#server/db/unread-messages.ts';
import { notFound } from '#server/http/api-error.ts';
import { type Caller, priceSight } from '#server/http/member-access.ts';
import { parseOrThrow } from '#server/http/validation.ts';
import { type CsvColumn, csvDate, csvHeader, csvRows } from '#server/jobs/csv.ts';
import type { FileStore } from '#server/storage/file-store.ts';

import type { storeFile as storeFileOfFiles } from '../files/files.service.ts';
import type { MultipartForm } from '../files/files.service.ts';
import { type OrdersService, requireOrder } from '../orders/orders.service.ts';
import { requireItemAct, requireItemsAct } from './item-access.ts';
import { articleEventFor, topicEventFor } from './item-life-cycle.ts';
import type { LifeCycleService } from './life-cycle.service.ts';
import { factsOf, toOrderItem } from './order-item-view.ts';
import {
  countItemsOfOrder,
  findItemsOfOrder,
  findItemViews,
  findItemWithOrder,
  type ItemViewRow,
} from './order-items.repository.ts';

export { BUYER_OWN_ORDERS_MESSAGE, requireItemAct } from './item-access.ts';
export {
  type EventInput,
  isAllowed,
  ITEM_EVENTS,
  type ItemEvent,
  type ItemFacts,
  LIFE_CYCLE,
  nextPublisherEvent,
  outcomeOf,
  PUBLISHER_STATUSES,
} from './item-life-cycle.ts';
export { initialOrderItemStatus } from './item-status.ts';
export {
  type ApplyRequest,
  createLifeCycleService,
  type ItemStatusChange,
  type LifeCycleService,
} from './life-cycle.service.ts';
export { factsOf } from './order-item-view.ts';
export {
  findItem,
  findItemIdByNumberOrId,
  findItemsDueForPublisher,
} from './order-items.repository.ts';
export {
  createOrderNotifier,
  type OrderNotice,
  type OrderNotifier,
} from './order-notifications.ts';

export interface OrderItemsService {
  list(
    caller: Caller,
    orderId: string,
    page: { page: number; limit: number },
  ): Promise<{ data: OrderItem[]; pagination: Pagination }>;
  changeStatuses(
    caller: Caller,
    body: { transition: BuyerTransition; ids: string[] },
  ): Promise<{ data: OrderItem[] }>;
  requestEdits(
    caller: Caller,
    body: { is_requested_edits: boolean; ids: string[]; reason?: string },
  ): Promise<{ data: OrderItem[] }>;
  putTopic(caller: Caller, itemId: string, content: string): Promise<OrderItem>;
  topicFeedback(caller: Caller, itemId: string, feedback: string): Promise<OrderItem>;
  putArticle(caller: Caller, itemId: string, form: MultipartForm): Promise<OrderItem>;
  articleFeedback(caller: Caller, itemId: string, form: MultipartForm): Promise<OrderItem>;
  exportItems(caller: Caller, orderId: string): Promise<{ fileName: string; csv: string }>;
}

/** What identifies a multipart request: its fields and a digest of its file. */
export function multipartFingerprint(form: MultipartForm): unknown {
  return {
    fields: form.fields,
    file: form.file
      ? {
          name: form.file.fileName,
          sha256: createHash('sha256').update(form.file.bytes).digest('hex'),
        }
      : null,
  };
}

export function createOrderItemsService({
  db,
  now,
  lifeCycle,
  orders,
  storeFile,
  files,
}: {
  db: Database;
  now: Clock;
  lifeCycle: LifeCycleService;
  /** The order an export is named after (and which must be the buyer's). */
  orders: OrdersService;
  /** Stores an uploaded file (the files module's store). */
  storeFile: typeof storeFileOfFiles;
  files: FileStore;
}): OrderItemsService {
  /** The items as the caller sees them (their prices: decision 206). */
  const viewsFor = async (caller: Caller, rows: ItemViewRow[]) => {
    const sight = await priceSight(
      caller,
      rows.map((row) => row.order.companyId),
    );
    const unread = await unreadByItem(
      db,
      caller.userId,
      rows.map((row) => row.item.id),
    );
    return rows.map((row) =>
      toOrderItem(row, sight.has(row.order.companyId), unread.get(row.item.id) ?? 0),
    );
  };
  const views = async (caller: Caller, ids: string[]) =>
    viewsFor(caller, await findItemViews(db, ids));
  const view = async (caller: Caller, id: string) => {
    const [item] = await views(caller, [id]);
    if (!item) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
    return item;
  };

  /**
   * The item as it is now, once the caller may act on it: which event a call means depends on it
   * (the event re-checks, the access too).
   */
  const actableItem = async (caller: Caller, itemId: string) => {
    const row = await findItemWithOrder(db, itemId);
    if (!row) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
    await requireItemAct(caller, row.order);
    return row.item;
  };
  /**
   * What the life cycle runs on the locked items: the same check, for every item; a cancel goes
   * in the company's record as the member's action.
   */
  const authorizing = (caller: Caller) => ({
    userId: caller.userId,
    authorize: (items: readonly { order: { companyId: string; userId: string } }[]) =>
      requireItemsAct(caller, items),
    isRecorded: true,
  });

  const feedbackOf = (text: string, file: { id: string; fileName: string } | null) =>
    ({
      text,
      file: file ? { id: file.id, file_name: file.fileName, title: file.fileName } : null,
      created_at: now().toISOString(),
    }) satisfies StoredFeedback;

  /** Stores the form's file in the event's transaction (a refused event keeps no file). */
  const storing =
    (userId: string, form: MultipartForm) =>
    async (tx: Database): Promise<{ id: string; fileName: string } | null> => {
      if (!form.file) return null;
      return storeFile(tx, files, {
        ownerUserId: userId,
        fileName: form.file.fileName,
        mimeType: form.file.mimeType,
        bytes: form.file.bytes,
      });
    };

  return {
    list: async (caller, orderId, { page, limit }) => {
      await requireOrder(db, caller, orderId, 'orders.read');
      const [rows, total] = await Promise.all([
        findItemsOfOrder(db, orderId, { limit, offset: (page - 1) * limit }),
        countItemsOfOrder(db, orderId),
      ]);
      return { data: await viewsFor(caller, rows), pagination: { page, limit, total } };
    },

    changeStatuses: async (caller, { transition, ids }) => {
      await lifeCycle.apply({ event: transition, ids, ...authorizing(caller) });
      return { data: await views(caller, ids) };
    },

    requestEdits: async (caller, { is_requested_edits, ids, reason }) => {
      await lifeCycle.apply({
        event: 'request_edits',
        ids,
        ...authorizing(caller),
        input: { isRequestedEdits: is_requested_edits, ...(reason ? { reason } : {}) },
      });
      return { data: await views(caller, ids) };
    },

    putTopic: async (caller, itemId, content) => {
      const item = await actableItem(caller, itemId);
      await lifeCycle.apply({
        event: topicEventFor(factsOf(item)),
        ids: [itemId],
        ...authorizing(caller),
        input: { topic: content },
      });
      return view(caller, itemId);
    },

    topicFeedback: async (caller, itemId, feedback) => {
      await actableItem(caller, itemId);
      await lifeCycle.apply({
        event: 'topic_feedback',
        ids: [itemId],
        ...authorizing(caller),
        input: { feedback: feedbackOf(feedback, null) },
      });
      return view(caller, itemId);
    },

    putArticle: async (caller, itemId, form) => {
      const item = await actableItem(caller, itemId);
      const fields = parseOrThrow(ArticleFormSchema, form.fields);
      const store = storing(caller.userId, form);
      await lifeCycle.apply({
        event: articleEventFor(factsOf(item)),
        ids: [itemId],
        ...authorizing(caller),
        input: { articleLink: fields.link },
        prepare: async (tx) => {
          const file = await store(tx);
          return file ? { articleFileId: file.id } : {};
        },
      });
      return view(caller, itemId);
    },

    articleFeedback: async (caller, itemId, form) => {
      await actableItem(caller, itemId);
      const fields = parseOrThrow(ArticleFeedbackFormSchema, form.fields);
      const store = storing(caller.userId, form);
      await lifeCycle.apply({
        event: 'content_feedback',
        ids: [itemId],
        ...authorizing(caller),
        prepare: async (tx) => ({ feedback: feedbackOf(fields.feedback, await store(tx)) }),
      });
      return view(caller, itemId);
    },

    exportItems: async (caller, orderId) => {
      const order = await orders.get(caller, orderId);
      const rows = await viewsFor(caller, await findItemsOfOrder(db, orderId, null));
      const csv = csvHeader(EXPORT_COLUMNS) + csvRows(EXPORT_COLUMNS, rows);
      return { fileName: `order-${order.number}-items.csv`, csv };
    },
  };
}

/** Null, like the item's price, where the caller does not see the company's prices. */
const contentPriceOf = (item: OrderItem) =>
  item.price === null ? null : (item.content_product_plan?.price ?? '0.00');

/** A figure stays a number a spreadsheet can add; its unit goes in the column's name. */
const inEuro = (label: string) => `${label} (€)`;

/**
 * The items table's columns, named and worded as the order page shows them (its labels and
 * texts come from contract/order-labels.ts), with the figures of its price cell.
 */
const EXPORT_COLUMNS: CsvColumn<OrderItem>[] = [
  { label: LABELS.number, cell: (item) => item.number },
  { label: LABELS.invoice, cell: (item) => item.invoice?.number },
  { label: LABELS.status, cell: (item) => ORDER_ITEM_STATUS_LABELS[item.status] },
  { label: EDITS_REQUESTED_LABEL, cell: (item) => yesNo(item.is_requested_edits) },
  { label: LABELS.live_link, cell: (item) => item.live_link },
  { label: LABELS.payment_status, cell: itemPaymentStatusText },
  { label: 'Payment method', cell: (item) => PAYMENT_METHOD_TITLES[item.payment_method] },
  {
    label: LABELS.buyer_domain,
    cell: (item) => item.buyer_domain && hostnameToUnicode(item.buyer_domain.hostname),
  },
  { label: LABELS.domain, cell: (item) => hostnameToUnicode(item.site.hostname) },
  {
    label: inEuro(LABELS.price),
    cell: (item) => {
      const content = contentPriceOf(item);
      return item.price === null || content === null
        ? null
        : centsToMoney(moneyToCents(item.price) + moneyToCents(content));
    },
  },
  { label: inEuro('Link price'), cell: (item) => item.price },
  { label: inEuro('Content price'), cell: contentPriceOf },
  { label: LABELS.due_date, cell: (item) => csvDate(item.publishing_due_date) },
  { label: LABELS.published_at, cell: (item) => csvDate(item.published_at) },
  { label: LABELS.custom_id, cell: (item) => item.custom_id },
  { label: LABELS.link_type, cell: (item) => item.article_niche.title },
  { label: LABELS.anchor_text, cell: (item) => item.anchor_text },
  { label: LABELS.target_url, cell: (item) => item.target_url },
  {
    label: LABELS.content_provided,
    cell: (item) => yesNo(!item.is_article_provided_by_buyer),
  },
  { label: LABELS.article_content, cell: articleContentText },
  { label: LABELS.comments, cell: (item) => item.comments },
  { label: LABELS.topic_needs_approval, cell: (item) => yesNo(item.topic.is_needs_approval) },
  { label: LABELS.topic, cell: (item) => item.topic.content },
  {
    label: LABELS.topic_approved,
    cell: (item) => (item.topic.status ? TOPIC_STATUS_LABELS[item.topic.status] : ''),
  },
  { label: LABELS.topic_feedback, cell: (item) => item.topic.feedback?.text },
  { label: LABELS.article, cell: (item) => item.article.link ?? item.article.file?.file_name },
  {
    label: LABELS.content_approved,
    cell: (item) => (item.article.status ? ARTICLE_STATUS_LABELS[item.article.status] : ''),
  },
  { label: LABELS.content_feedback, cell: (item) => item.article.feedback?.text },
  { label: LABELS.webmaster_feedback, cell: (item) => item.webmaster_feedback?.text },
];
