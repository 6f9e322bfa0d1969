/** The orders calls of spec §7 "Orders" and "Files". */
import {
  OrderItemSchema,
  orderEndpoints,
  orderItemEndpoints,
  type BuyerTransition,
  type OrderItem,
} from '#contract/order-items.ts';
import { FilePreviewSchema } from '#contract/files.ts';
import { IDEMPOTENCY_KEY_HEADER, type Order } from '#contract/orders.ts';
import { ApiError, apiClient, apiUrl, NetworkError } from '#src/lib/api-client.ts';
import { getDeveloperSettings } from '#src/lib/developer-settings.ts';
import { sessionStore } from '#src/lib/session-store.ts';
import { saveFile } from '#src/lib/save-file.ts';

export function fetchOrders(search: string, signal?: AbortSignal) {
  return apiClient.call(orderEndpoints.list, { query: new URLSearchParams(search), signal });
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiClient.call(orderEndpoints.get, { params: { id }, signal });
}

export function fetchOrderItems(
  id: string,
  page: { page: number; limit: number },
  signal?: AbortSignal,
) {
  return apiClient.call(orderItemEndpoints.list, {
    params: { id },
    query: { page: page.page, limit: page.limit },
    signal,
  });
}

/** One buyer action on order items; what is kept in the outbox while offline. */
export type ItemAction =
  | { kind: 'status'; transition: BuyerTransition; ids: string[]; numbers: string[] }
  | { kind: 'request_edits'; value: boolean; ids: string[]; numbers: string[] }
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

/** An item's multipart uploads: the buyer's own article, or feedback on the delivered one. */
function uploadPath(id: string, rest: 'articles' | 'articles/feedbacks'): string {
  return `/v1/buyer/orders/items/${encodeURIComponent(id)}/${rest}`;
}

/** Sends one action with its idempotency key; answers the items as they are now. */
export async function sendItemAction(
  action: ItemAction,
  idempotencyKey: string,
): Promise<OrderItem[]> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
  const upload = async (
    id: string,
    rest: 'articles' | 'articles/feedbacks',
    method: 'PUT' | 'POST',
    body: FormData,
  ) => [
    await apiClient.request(uploadPath(id, rest), {
      method,
      body,
      schema: OrderItemSchema,
      headers,
    }),
  ];
  const { changeStatuses, requestEdits, putTopic, topicFeedback } = orderItemEndpoints;
  switch (action.kind) {
    case 'status': {
      const body = { transition: action.transition, ids: action.ids };
      return (await apiClient.call(changeStatuses, { body, headers })).data;
    }
    case 'request_edits': {
      const body = { is_requested_edits: action.value, ids: action.ids };
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
    case 'article':
      return upload(action.id, 'articles', 'PUT', withFile({ link: action.link }, action.file));
    case 'article_feedback':
      return upload(
        action.id,
        'articles/feedbacks',
        'POST',
        withFile({ feedback: action.feedback }, action.file),
      );
  }
}

/** A multipart body: the text fields, then the file (with its name) when there is one. */
function withFile(fields: Record<string, string>, file: File | null | undefined): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) {
    form.set('file_name', file.name);
    form.set('file', file, file.name);
  }
  return form;
}

function authHeaders(): Headers {
  const headers = new Headers();
  const token = sessionStore.read().accessToken;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const origin = getDeveloperSettings().customHeaderXOrigin;
  if (origin) headers.set('X-Origin', origin);
  return headers;
}

/** The file name a download answer proposes, if any. */
function attachmentName(response: Response): string | null {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/** Fetches an API path with the access token and hands the answer to the browser as a download. */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers: authHeaders(), credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: keep the text.
    }
    throw new ApiError(response.status, body);
  }
  saveFile(await response.blob(), attachmentName(response) ?? fallbackName);
}

export function downloadStoredFile(file: { id: string; file_name: string }): Promise<void> {
  return downloadWithToken(`/v1/files/${encodeURIComponent(file.id)}`, file.file_name);
}

export function downloadOrderItems(order: { id: string; number: string }): Promise<void> {
  return downloadWithToken(
    `/v1/buyer/orders/${encodeURIComponent(order.id)}/items/exports`,
    `order-${order.number}-items.csv`,
  );
}

/** The short-lived link that opens a stored file in a new tab (decision 042). */
export async function fetchPreviewPath(id: string): Promise<string> {
  const body = await apiClient.request(`/v1/files/${encodeURIComponent(id)}/previews`, {
    schema: FilePreviewSchema,
  });
  return body.path;
}
