// Following orders (spec §2 orders screens, §7 "Orders"): the buyer's order list and detail, the
// items of an order, the buyer's item calls (each one event of the life cycle) and the export of
// an order's items. A buyer only ever sees their own orders and items: any other id is 404.
import { createHash } from 'node:crypto';
import { normalizeTargetUrl } from '../../../contract/cart.ts';
import type { Violation } from '../../../contract/errors.ts';
import {
  ArticleFeedbackFormSchema,
  ArticleFormSchema,
  ORDER_ITEM_NOT_FOUND_MESSAGE,
  type BuyerTransition,
  type OrderItem,
  type OrderListQuerySchema,
} from '../../../contract/order-items.ts';
import { ORDER_NOT_FOUND_MESSAGE, type Order } from '../../../contract/orders.ts';
import type { Pagination } from '../../../contract/pagination.ts';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { StoredFeedback } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { runRepeatable } from '../../http/idempotency.ts';
import { toViolations } from '../../http/validation.ts';
import { formatRow, type CsvCell } from '../../jobs/csv.ts';
import { storeFile } from '../files/file-store.ts';
import type { MultipartForm } from '../files/multipart.ts';
import { toOrder } from './checkout.service.ts';
import { articleEventFor, topicEventFor } from './item-life-cycle.ts';
import type { LifeCycleService } from './life-cycle.service.ts';
import { factsOf, toOrderItem } from './order-item-view.ts';
import {
  countItemsOfOrder,
  findItemViews,
  findItemsOfOrder,
  findOrdersOfUser,
  latestCreditNotes,
  liveLinkCounts,
  findOwnItem,
  orderBelongsTo,
} from './order-items.repository.ts';
import { findOrderOfUser } from './orders.repository.ts';

type OrderListQuery = z.output<typeof OrderListQuerySchema>;

export const FORM_INVALID_MESSAGE = 'Validation failed.';

export interface OrdersService {
  list(userId: string, query: OrderListQuery): Promise<{ data: Order[]; pagination: Pagination }>;
  get(userId: string, orderId: string): Promise<Order>;
  items(
    userId: string,
    orderId: string,
    page: { page: number; limit: number },
  ): Promise<{ data: OrderItem[]; pagination: Pagination }>;
  changeStatuses(
    userId: string,
    body: { transition: BuyerTransition; ids: string[] },
  ): Promise<{ data: OrderItem[] }>;
  requestEdits(
    userId: string,
    body: { is_requested_edits: boolean; ids: string[] },
  ): Promise<{ data: OrderItem[] }>;
  putTopic(userId: string, itemId: string, content: string): Promise<OrderItem>;
  topicFeedback(userId: string, itemId: string, feedback: string): Promise<OrderItem>;
  putArticle(userId: string, itemId: string, form: MultipartForm): Promise<OrderItem>;
  articleFeedback(userId: string, itemId: string, form: MultipartForm): Promise<OrderItem>;
  exportItems(userId: string, orderId: string): Promise<{ fileName: string; csv: string }>;
  /**
   * Runs a buyer's item call so that a repeat with the same Idempotency-Key answers the first
   * answer (decision 031); `payload` identifies the request.
   */
  repeatable<T>(
    call: { userId: string; key: string | undefined; scope: string; payload: unknown },
    run: () => Promise<T>,
  ): Promise<T>;
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

export function createOrdersService({
  db,
  now,
  lifeCycle,
  dataDir,
}: {
  db: Database;
  now: Clock;
  lifeCycle: LifeCycleService;
  dataDir: string;
}): OrdersService {
  const views = async (ids: string[]) => (await findItemViews(db, ids)).map(toOrderItem);
  const view = async (id: string) => {
    const [item] = await views([id]);
    if (!item) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
    return item;
  };

  /** The buyer's item as it is now: which event a call means depends on it (the event re-checks). */
  const ownItem = async (userId: string, itemId: string) => {
    const item = await findOwnItem(db, itemId, userId);
    if (!item) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
    return item;
  };

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
      return storeFile(tx, dataDir, {
        ownerUserId: userId,
        fileName: form.file.fileName,
        mimeType: form.file.mimeType,
        bytes: form.file.bytes,
      });
    };

  return {
    list: async (userId, query) => {
      const filter = query.filter ?? {};
      const sorting = Object.entries(query.sorting ?? {}) as [
        'number' | 'created_at' | 'price' | 'status',
        'ASC' | 'DESC',
      ][];
      const { rows, total } = await findOrdersOfUser(
        db,
        userId,
        {
          search: filter.search || undefined,
          paymentStatus: filter.payment_status,
          status: filter.status,
          company: filter.company,
          priceMin: filter.order_price?.min,
          priceMax: filter.order_price?.max,
        },
        sorting,
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      const ids = rows.map((row) => row.order.id);
      const [live, notes] = await Promise.all([
        liveLinkCounts(db, ids),
        latestCreditNotes(db, ids),
      ]);
      return {
        data: rows.map((row) =>
          toOrder({
            ...row,
            liveLinks: live.get(row.order.id) ?? 0,
            creditNote: notes.get(row.order.id) ?? null,
          }),
        ),
        pagination: { page: query.page, limit: query.limit, total },
      };
    },

    get: async (userId, orderId) => {
      const row = await findOrderOfUser(db, userId, orderId);
      if (!row) throw notFound(ORDER_NOT_FOUND_MESSAGE);
      const notes = await latestCreditNotes(db, [orderId]);
      return toOrder({ ...row, creditNote: notes.get(orderId) ?? null });
    },

    items: async (userId, orderId, { page, limit }) => {
      if (!(await orderBelongsTo(db, orderId, userId))) throw notFound(ORDER_NOT_FOUND_MESSAGE);
      const [rows, total] = await Promise.all([
        findItemsOfOrder(db, orderId, { limit, offset: (page - 1) * limit }),
        countItemsOfOrder(db, orderId),
      ]);
      return { data: rows.map(toOrderItem), pagination: { page, limit, total } };
    },

    changeStatuses: async (userId, { transition, ids }) => {
      await lifeCycle.apply({ event: transition, ids, userId });
      return { data: await views(ids) };
    },

    requestEdits: async (userId, { is_requested_edits, ids }) => {
      await lifeCycle.apply({
        event: 'request_edits',
        ids,
        userId,
        input: { isRequestedEdits: is_requested_edits },
      });
      return { data: await views(ids) };
    },

    putTopic: async (userId, itemId, content) => {
      const item = await ownItem(userId, itemId);
      await lifeCycle.apply({
        event: topicEventFor(factsOf(item)),
        ids: [itemId],
        userId,
        input: { topic: content },
      });
      return view(itemId);
    },

    topicFeedback: async (userId, itemId, feedback) => {
      await ownItem(userId, itemId);
      await lifeCycle.apply({
        event: 'topic_feedback',
        ids: [itemId],
        userId,
        input: { feedback: feedbackOf(feedback, null) },
      });
      return view(itemId);
    },

    putArticle: async (userId, itemId, form) => {
      const item = await ownItem(userId, itemId);
      const fields = parseForm(ArticleFormSchema, form.fields, linkViolations(form.fields.link));
      const store = storing(userId, form);
      await lifeCycle.apply({
        event: articleEventFor(factsOf(item)),
        ids: [itemId],
        userId,
        input: { articleLink: fields.link },
        prepare: async (tx) => {
          const file = await store(tx);
          return file ? { articleFileId: file.id } : {};
        },
      });
      return view(itemId);
    },

    articleFeedback: async (userId, itemId, form) => {
      await ownItem(userId, itemId);
      const fields = parseForm(ArticleFeedbackFormSchema, form.fields, []);
      const store = storing(userId, form);
      await lifeCycle.apply({
        event: 'content_feedback',
        ids: [itemId],
        userId,
        prepare: async (tx) => ({ feedback: feedbackOf(fields.feedback, await store(tx)) }),
      });
      return view(itemId);
    },

    repeatable: async ({ userId, key, scope, payload }, run) => {
      const answer = await runRepeatable(db, { userId, key, scope, payload, now }, async () => ({
        statusCode: 200,
        body: await run(),
      }));
      return answer.body;
    },

    exportItems: async (userId, orderId) => {
      const order = await findOrderOfUser(db, userId, orderId);
      if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
      const rows = (await findItemsOfOrder(db, orderId, null)).map(toOrderItem);
      const csv = [
        formatRow(EXPORT_COLUMNS.map(([title]) => title)),
        ...rows.map((item) => formatRow(EXPORT_COLUMNS.map(([, cell]) => cell(item)))),
      ].join('');
      return { fileName: `order-${order.order.number}-items.csv`, csv };
    },
  };
}

/** The link's own check first, so that a corrected value can be offered (spec §5, §8). */
function linkViolations(link: string | undefined): Violation[] {
  if (link === undefined || link.trim() === '') return [];
  const result = normalizeTargetUrl(link);
  if (result.ok) return [];
  return [
    {
      path: 'link',
      message: result.message,
      ...(result.corrected ? { parameters: { value: `"${result.corrected}"` } } : {}),
    },
  ];
}

function parseForm<T extends z.ZodType>(
  schema: T,
  fields: Record<string, string>,
  first: Violation[],
): z.output<T> {
  if (first.length > 0) throw new ApiError(400, FORM_INVALID_MESSAGE, { violations: first });
  const parsed = schema.safeParse(fields, {
    error: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined,
  });
  if (!parsed.success) {
    throw new ApiError(400, FORM_INVALID_MESSAGE, {
      violations: toViolations(parsed.error.issues),
    });
  }
  return parsed.data;
}

const EXPORT_COLUMNS: [string, (item: OrderItem) => CsvCell][] = [
  ['Number', (item) => item.number],
  ['Status', (item) => item.status],
  ['Live link', (item) => item.live_link],
  ['Published at', (item) => item.published_at],
  ['Domain', (item) => item.site.hostname],
  ['Buyer domain', (item) => item.buyer_domain?.hostname],
  ['Link type', (item) => item.article_niche.title],
  ['Price', (item) => item.price],
  ['Content plan', (item) => item.content_product_plan?.title ?? 'provide'],
  ['Content price', (item) => item.content_product_plan?.price ?? '0.00'],
  ['Anchor text', (item) => item.anchor_text],
  ['Target URL', (item) => item.target_url],
  ['Topic', (item) => item.topic.content],
  ['Article link', (item) => item.article.link],
  ['Custom id', (item) => item.custom_id],
  ['Comments', (item) => item.comments],
  ['Due date', (item) => item.publishing_due_date],
  ['Requested edits', (item) => item.is_requested_edits],
  ['Payment method', (item) => item.payment_method],
  ['Payment status', (item) => item.invoice?.payment_status],
  ['Invoice', (item) => item.invoice?.number],
];
