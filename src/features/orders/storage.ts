/**
 * Order item actions made while offline. Each waits in the outbox with its idempotency key until
 * it is sent; one the server refuses stays with the server's reason until the buyer dismisses it.
 */
import { db, type OutboxRow } from '../../lib/db.ts';
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

export async function queueItemAction(
  action: QueuedItemAction,
  idempotencyKey: string,
  now: number = Date.now(),
): Promise<number> {
  const existing = await db.outbox.where('idempotencyKey').equals(idempotencyKey).first();
  if (existing?.id !== undefined) return existing.id;
  const id = await db.outbox.add({
    idempotencyKey,
    mutationKey: ORDER_ITEM_ACTION_MUTATION,
    variables: action,
    createdAt: now,
    attempts: 0,
    lastError: null,
  });
  return id!;
}

/** Waiting and refused actions, oldest first. */
export async function listQueuedActions(): Promise<QueuedAction[]> {
  const rows = await db.outbox.where('mutationKey').equals(ORDER_ITEM_ACTION_MUTATION).toArray();
  return rows.sort((a, b) => a.createdAt - b.createdAt || a.id! - b.id!).map(toQueued);
}

export async function getQueuedAction(id: number): Promise<QueuedAction | null> {
  const row = await db.outbox.get(id);
  return row && row.mutationKey === ORDER_ITEM_ACTION_MUTATION ? toQueued(row) : null;
}

export async function recordActionAttempt(id: number): Promise<void> {
  await db.outbox
    .where('id')
    .equals(id)
    .modify((row) => {
      row.attempts += 1;
    });
}

export async function markActionRefused(id: number, reason: string): Promise<void> {
  await db.outbox
    .where('id')
    .equals(id)
    .modify((row) => {
      row.attempts += 1;
      row.lastError = reason;
    });
}

export async function removeQueuedAction(id: number): Promise<void> {
  await db.outbox.delete(id);
}
