/** The orders calls of spec §7 "Orders" and "Files". */
import type { ReceivedFile } from '#contract/endpoint.ts';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/endpoint-schemas.ts';
import { fileEndpoints } from '#contract/files.ts';
import {
  type BuyerTransition,
  orderEndpoints,
  type OrderItem,
  orderItemEndpoints,
} from '#contract/order-items.ts';
import type { Order } from '#contract/orders.ts';
import { apiClient } from '#src/lib/api-client.ts';
import { saveFile } from '#src/lib/save-file.ts';

/** One page of the buyer's orders; `query` as the codec wrote it (`serverQueryString`). */
export function fetchOrders(query: string, signal?: AbortSignal) {
  return apiClient.call(orderEndpoints.list, { query, signal });
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiClient.call(orderEndpoints.get, { params: { id }, signal });
}

/** One page of an order's items; `query` as the codec wrote it (`orderItemsQueryString`). */
export function fetchOrderItems(id: string, query: string, signal?: AbortSignal) {
  return apiClient.call(orderItemEndpoints.list, { params: { id }, query, signal });
}

/** One buyer action on order items; what is kept in the outbox while offline. */
export type ItemAction =
  | { kind: 'status'; transition: BuyerTransition; ids: string[]; numbers: string[] }
  | {
      kind: 'request_edits';
      value: boolean;
      ids: string[];
      numbers: string[];
      /** What to change: asked with a request, not with a withdrawal (decision 213). */
      reason?: string;
    }
  | { kind: 'topic'; id: string; number: string; content: string }
  | { kind: 'topic_feedback'; id: string; number: string; feedback: string }
  | {
      kind: 'article';
      id: string;
      number: string;
      link: string;
      file?: File | null;
    }
  | {
      kind: 'article_feedback';
      id: string;
      number: string;
      feedback: string;
      file?: File | null;
    };

/** Sends one action with its idempotency key; answers the items as they are now. */
export async function sendItemAction(
  action: ItemAction,
  idempotencyKey: string,
): Promise<OrderItem[]> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
  const { changeStatuses, requestEdits, putTopic, topicFeedback, putArticle, articleFeedback } =
    orderItemEndpoints;
  switch (action.kind) {
    case 'status': {
      const body = { transition: action.transition, ids: action.ids };
      return (await apiClient.call(changeStatuses, { body, headers })).data;
    }
    case 'request_edits': {
      const { value, ids, reason } = action;
      const body = { is_requested_edits: value, ids, ...(reason === undefined ? {} : { reason }) };
      return (await apiClient.call(requestEdits, { body, headers })).data;
    }
    case 'topic': {
      const body = { content: action.content };
      return [await apiClient.call(putTopic, { params: { id: action.id }, body, headers })];
    }
    case 'topic_feedback': {
      const body = { feedback: action.feedback };
      return [await apiClient.call(topicFeedback, { params: { id: action.id }, body, headers })];
    }
    case 'article': {
      const body = { link: action.link, ...fileParts(action.file) };
      return [await apiClient.call(putArticle, { params: { id: action.id }, body, headers })];
    }
    case 'article_feedback': {
      const body = { feedback: action.feedback, ...fileParts(action.file) };
      return [await apiClient.call(articleFeedback, { params: { id: action.id }, body, headers })];
    }
  }
}

/** An upload's document and its name, sent after the text fields when there is one. */
function fileParts(file: File | null | undefined): { file_name?: string; file?: File } {
  return file ? { file_name: file.name, file } : {};
}

/** Downloads a file the API answers and hands it to the browser under the name it gives. */
async function download(answer: Promise<ReceivedFile>, fallbackName: string): Promise<void> {
  const { blob, fileName } = await answer;
  saveFile(blob, fileName ?? fallbackName);
}

export function downloadStoredFile(file: { id: string; file_name: string }): Promise<void> {
  return download(
    apiClient.call(fileEndpoints.download, { params: { id: file.id } }),
    file.file_name,
  );
}

export function downloadOrderItems(order: { id: string; number: string }): Promise<void> {
  return download(
    apiClient.call(orderItemEndpoints.exportItems, { params: { id: order.id } }),
    `order-${order.number}-items.csv`,
  );
}

/** The short-lived link that opens a stored file in a new tab (decision 042). */
export async function fetchPreviewPath(id: string): Promise<string> {
  const body = await apiClient.call(fileEndpoints.preview, { params: { id } });
  return body.path;
}
