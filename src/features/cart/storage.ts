/**
 * Cart lines added while offline. Each waits in the outbox with its own idempotency key until it
 * is sent; a line the server refuses stays with the reason until the buyer removes it.
 */
import type { CartLineCreate } from '../../../contract/cart.ts';
import type { OutboxRow } from '../../lib/db.ts';
import {
  addOutboxEntry,
  getOutboxEntry,
  listOutboxEntries,
  markOutboxRefused,
  recordOutboxAttempt,
  removeOutboxEntry,
} from '../../lib/outbox.ts';

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

export function queueCartLine(
  input: CartLineVariables & { idempotencyKey: string },
  now: number = Date.now(),
): Promise<number> {
  const variables: CartLineVariables = { payload: input.payload, summary: input.summary };
  return addOutboxEntry(CART_LINE_MUTATION, input.idempotencyKey, variables, now);
}

/** Waiting and refused lines, oldest first. */
export async function listCartLineDrafts(): Promise<CartLineDraft[]> {
  return (await listOutboxEntries(CART_LINE_MUTATION)).map(toDraft);
}

export async function getCartLineDraft(id: number): Promise<CartLineDraft | null> {
  const row = await getOutboxEntry(CART_LINE_MUTATION, id);
  return row ? toDraft(row) : null;
}

export const recordCartLineAttempt = recordOutboxAttempt;

export const markCartLineRefused = markOutboxRefused;

export const removeCartLineDraft = removeOutboxEntry;
