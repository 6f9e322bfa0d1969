/**
 * Order item actions made while offline. Each waits in the outbox with its idempotency key until
 * it is sent; one the server refuses stays with the server's reason until the buyer dismisses it.
 */
import type { OutboxRow } from '../../lib/db.ts';
import {
  addOutboxEntry,
  getOutboxEntry,
  listOutboxEntries,
  markOutboxRefused,
  recordOutboxAttempt,
  removeOutboxEntry,
} from '../../lib/outbox.ts';
import type { ItemAction } from './api/requests.ts';

export const ORDER_ITEM_ACTION_MUTATION = 'orders.item-action';

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

export interface QueuedAction {
  id: number;
  idempotencyKey: string;
  action: QueuedItemAction;
  createdAt: number;
  attempts: number;
  /** Why the server refused it; null while it waits to be sent. */
  refusal: string | null;
}

function toQueued(row: OutboxRow): QueuedAction {
  return {
    id: row.id!,
    idempotencyKey: row.idempotencyKey,
    action: row.variables as QueuedItemAction,
    createdAt: row.createdAt,
    attempts: row.attempts,
    refusal: row.lastError,
  };
}

export function queueItemAction(
  action: QueuedItemAction,
  idempotencyKey: string,
  now: number = Date.now(),
): Promise<number> {
  return addOutboxEntry(ORDER_ITEM_ACTION_MUTATION, idempotencyKey, action, now);
}

/** Waiting and refused actions, oldest first. */
export async function listQueuedActions(): Promise<QueuedAction[]> {
  return (await listOutboxEntries(ORDER_ITEM_ACTION_MUTATION)).map(toQueued);
}

export async function getQueuedAction(id: number): Promise<QueuedAction | null> {
  const row = await getOutboxEntry(ORDER_ITEM_ACTION_MUTATION, id);
  return row ? toQueued(row) : null;
}

export const recordActionAttempt = recordOutboxAttempt;

export const markActionRefused = markOutboxRefused;

export const removeQueuedAction = removeOutboxEntry;
