/**
 * The buyer's order item actions, also offline: without a connection an action (without a file)
 * is kept on this device with its idempotency key and sent once the connection returns.
 */
import type { OrderItem } from '../../../../contract/order-items.ts';
import { errorText } from '../../../../contract/errors.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { withExclusiveLock } from '../../../lib/locks.ts';
import {
  getQueuedAction,
  listQueuedActions,
  markActionRefused,
  queueItemAction,
  recordActionAttempt,
  removeQueuedAction,
  type QueuedItemAction,
} from '../storage.ts';
import { sendItemAction, type ItemAction } from './requests.ts';

export const FILE_NEEDS_CONNECTION_MESSAGE =
  'Sending a file needs a connection. Send the text only, or try again when you are online.';

export type ItemActionResult = { status: 'done'; items: OrderItem[] } | { status: 'queued' };

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

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
  const queueable = toQueueable(action);
  if (isOffline()) {
    if (!queueable) throw new FileNeedsConnectionError();
    await queueItemAction(queueable, idempotencyKey);
    return { status: 'queued' };
  }
  try {
    return { status: 'done', items: await sendItemAction(action, idempotencyKey) };
  } catch (error) {
    if (!(error instanceof NetworkError) || !queueable) throw error;
    await queueItemAction(queueable, idempotencyKey);
    return { status: 'queued' };
  }
}

/** Whether the server's answer is final for this action (it moved on, or the call is wrong). */
function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 425, 429].includes(error.status)
  );
}

export interface ActionSyncResult {
  sent: number;
  refused: number;
  items: OrderItem[];
}

/**
 * Sends the waiting actions, oldest first, each with its own key. Runs in one tab at a time;
 * stops at the first action that cannot be delivered now and keeps it waiting.
 */
export function syncQueuedActions(): Promise<ActionSyncResult> {
  return withExclusiveLock('order-item-actions', async () => {
    const result: ActionSyncResult = { sent: 0, refused: 0, items: [] };
    const waiting = (await listQueuedActions()).filter((queued) => queued.refusal === null);
    for (const { id } of waiting) {
      if (isOffline()) break;
      const queued = await getQueuedAction(id);
      if (!queued || queued.refusal !== null) continue;
      try {
        const items = await sendItemAction(queued.action, queued.idempotencyKey);
        await removeQueuedAction(queued.id);
        result.items.push(...items);
        result.sent += 1;
      } catch (error) {
        if (isRefusal(error)) {
          await markActionRefused(queued.id, errorText(error.body));
          result.refused += 1;
          continue;
        }
        await recordActionAttempt(queued.id);
        break;
      }
    }
    return result;
  });
}
