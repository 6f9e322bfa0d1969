/**
 * The buyer's order item actions, also offline: without a connection an action (without a file)
 * waits in the outbox (kind `orders.item-action`) with its idempotency key and is sent once the
 * connection returns. One the server refuses stays with the server's reason until dismissed.
 */
import type { OrderItem } from '#contract/order-items.ts';
import { defineOutboxKind, isOffline, sendOrKeep, WAITING_STATUSES } from '#src/lib/outbox.ts';

import { type ItemAction, sendItemAction } from './requests.ts';

export const FILE_NEEDS_CONNECTION_MESSAGE =
  'Sending a file needs a connection. Send the text only, or try again when you are online.';

/** Actions kept on this device never carry a file: files need the connection. */
export type QueuedItemAction =
  | Exclude<ItemAction, { kind: 'article' | 'article_feedback' }>
  | {
      kind: 'article';
      id: string;
      number: string;
      link: string;
    }
  | { kind: 'article_feedback'; id: string; number: string; feedback: string };

export const itemActionOutbox = defineOutboxKind<QueuedItemAction, OrderItem[]>({
  name: 'orders.item-action',
  send: sendItemAction,
  refusal: {
    retryable: WAITING_STATUSES,
    final: {
      409: 'The item has moved on to a status where the action no longer applies (the publisher or another tab acted first); sending it again cannot change that, so the buyer is told.',
    },
  },
});

export type ItemActionResult = { status: 'done'; items: OrderItem[] } | { status: 'queued' };

export class FileNeedsConnectionError extends Error {
  constructor() {
    super(FILE_NEEDS_CONNECTION_MESSAGE);
    this.name = 'FileNeedsConnectionError';
  }
}

function toQueueable(action: ItemAction): QueuedItemAction | null {
  if (action.kind === 'article' || action.kind === 'article_feedback') {
    if (action.file) return null;
    const { file: _file, ...rest } = action;
    return rest;
  }
  return action;
}

/** The item numbers an action is about. */
export function actionNumbers(action: ItemAction | QueuedItemAction): string[] {
  return 'numbers' in action ? action.numbers : [action.number];
}

/** The item ids an action is about. */
export function actionIds(action: ItemAction | QueuedItemAction): string[] {
  return 'ids' in action ? action.ids : [action.id];
}

/**
 * Sends the action now, or keeps it for later when the device is offline (or the request could
 * not reach the server). The same key is used for every try of the same action.
 */
export async function runItemAction(
  action: ItemAction,
  idempotencyKey: string,
): Promise<ItemActionResult> {
  const keep = toQueueable(action);
  if (isOffline() && !keep) throw new FileNeedsConnectionError();
  const delivery = await sendOrKeep(itemActionOutbox, {
    idempotencyKey,
    keep,
    sendNow: () => sendItemAction(action, idempotencyKey),
  });
  return delivery.status === 'sent' ? { status: 'done', items: delivery.answer } : delivery;
}
