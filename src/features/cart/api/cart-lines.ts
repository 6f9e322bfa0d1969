/**
 * Adding a line to the cart, also offline: without a connection the line is kept on this device
 * with its idempotency key and sent once the connection returns. A repeat of a send that the
 * server already handled (an answer lost on the way) is answered from the first one.
 */
import type { CartItem, CartLineCreate } from '../../../../contract/cart.ts';
import { errorText } from '../../../../contract/errors.ts';
import { ApiError, NetworkError, RETRY_STATUSES } from '../../../lib/api-client.ts';
import { withExclusiveLock } from '../../../lib/locks.ts';
import {
  getCartLineDraft,
  listCartLineDrafts,
  markCartLineRefused,
  queueCartLine,
  recordCartLineAttempt,
  removeCartLineDraft,
  type CartLineSummary,
} from '../storage.ts';
import { createCartLine } from './requests.ts';

export interface AddCartLineInput {
  payload: CartLineCreate;
  summary: CartLineSummary;
}

export type AddCartLineResult = { status: 'added'; items: CartItem[] } | { status: 'queued' };

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export async function addCartLine(input: AddCartLineInput): Promise<AddCartLineResult> {
  const idempotencyKey = crypto.randomUUID();
  if (isOffline()) {
    await queueCartLine({ ...input, idempotencyKey });
    return { status: 'queued' };
  }
  try {
    return { status: 'added', items: await createCartLine(input.payload, idempotencyKey) };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    await queueCartLine({ ...input, idempotencyKey });
    return { status: 'queued' };
  }
}

export interface SyncResult {
  sent: number;
  refused: number;
}

/** Whether the server's answer is final for this line (not worth sending it again). */
function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status !== 401 &&
    error.status < 500 &&
    !RETRY_STATUSES.has(error.status)
  );
}

/**
 * Sends the waiting lines, oldest first, each with its own key. Runs in one tab at a time; stops
 * at the first line that cannot be delivered now (offline, server trouble) and keeps it waiting.
 */
export function syncCartLineDrafts(): Promise<SyncResult> {
  return withExclusiveLock('cart-line-drafts', async () => {
    const result: SyncResult = { sent: 0, refused: 0 };
    const waiting = (await listCartLineDrafts()).filter((draft) => draft.refusal === null);
    for (const { id } of waiting) {
      if (isOffline()) break;
      // Another tab may have sent or removed it while this one waited for the lock.
      const draft = await getCartLineDraft(id);
      if (!draft || draft.refusal !== null) continue;
      try {
        await createCartLine(draft.payload, draft.idempotencyKey);
        await removeCartLineDraft(draft.id);
        result.sent += 1;
      } catch (error) {
        if (isRefusal(error)) {
          await markCartLineRefused(draft.id, errorText(error.body));
          result.refused += 1;
          continue;
        }
        await recordCartLineAttempt(draft.id);
        break;
      }
    }
    return result;
  });
}
