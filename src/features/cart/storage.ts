/**
 * Cart lines added while offline. Each waits in the outbox with its own idempotency key until it
 * is sent; a line the server refuses stays with the reason until the buyer removes it.
 */
import type { CartLineCreate } from '../../../contract/cart.ts';
import { db, type OutboxRow } from '../../lib/db.ts';

export const CART_LINE_MUTATION = 'cart.add-line';

/** What the buyer chose, in words, so a waiting line can be listed without the server. */
export interface CartLineSummary {
  hostname: string;
  linkType: string;
  plan: string;
  articles: number;
  /** The line total at the time it was added, money string. */
  total: string;
}

export interface CartLineDraft {
  id: number;
  idempotencyKey: string;
  payload: CartLineCreate;
  summary: CartLineSummary;
  createdAt: number;
  attempts: number;
  /** Why the server refused the line; null while it waits to be sent. */
  refusal: string | null;
}

interface CartLineVariables {
  payload: CartLineCreate;
  summary: CartLineSummary;
}

function toDraft(row: OutboxRow): CartLineDraft {
  const variables = row.variables as CartLineVariables;
  return {
    id: row.id!,
    idempotencyKey: row.idempotencyKey,
    payload: variables.payload,
    summary: variables.summary,
    createdAt: row.createdAt,
    attempts: row.attempts,
    refusal: row.lastError,
  };
}

export async function queueCartLine(
  input: CartLineVariables & { idempotencyKey: string },
  now: number = Date.now(),
): Promise<number> {
  const existing = await db.outbox.where('idempotencyKey').equals(input.idempotencyKey).first();
  if (existing?.id !== undefined) return existing.id;
  const variables: CartLineVariables = { payload: input.payload, summary: input.summary };
  const id = await db.outbox.add({
    idempotencyKey: input.idempotencyKey,
    mutationKey: CART_LINE_MUTATION,
    variables,
    createdAt: now,
    attempts: 0,
    lastError: null,
  });
  return id!;
}

/** Waiting and refused lines, oldest first. */
export async function listCartLineDrafts(): Promise<CartLineDraft[]> {
  const rows = await db.outbox.where('mutationKey').equals(CART_LINE_MUTATION).toArray();
  return rows.sort((a, b) => a.createdAt - b.createdAt || a.id! - b.id!).map(toDraft);
}

export async function getCartLineDraft(id: number): Promise<CartLineDraft | null> {
  const row = await db.outbox.get(id);
  return row && row.mutationKey === CART_LINE_MUTATION ? toDraft(row) : null;
}

export async function recordCartLineAttempt(id: number): Promise<void> {
  await db.outbox
    .where('id')
    .equals(id)
    .modify((row) => {
      row.attempts += 1;
    });
}

export async function markCartLineRefused(id: number, reason: string): Promise<void> {
  await db.outbox
    .where('id')
    .equals(id)
    .modify((row) => {
      row.attempts += 1;
      row.lastError = reason;
    });
}

export async function removeCartLineDraft(id: number): Promise<void> {
  await db.outbox.delete(id);
}
