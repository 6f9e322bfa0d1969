/**
 * Messages written offline: without a connection a message waits in the outbox (kind
 * `conversations.send-message`) with the idempotency key made when the buyer sent it, and is sent
 * once the connection returns; a repeat of a send whose answer was lost is answered with the first
 * answer, so the publisher never gets it twice.
 */
import type { ThreadEntry } from '#contract/conversations.ts';
import {
  defineOutboxKind,
  type Delivery,
  RETRY_WHILE_IN_FLIGHT,
  sendOrKeep,
} from '#src/lib/outbox.ts';

import { sendMessage, sendMessageWithFile } from './requests.ts';

export interface QueuedMessage {
  itemId: string;
  /** "100042-3", for the notice of a refused message. */
  itemNumber: string;
  text: string;
  /** A document sent with it; kept on this device with the message while offline. */
  file?: File;
}

export const messageOutbox = defineOutboxKind<QueuedMessage, ThreadEntry>({
  name: 'conversations.send-message',
  send: ({ itemId, text, file }, idempotencyKey) =>
    file
      ? sendMessageWithFile(itemId, text, file, idempotencyKey)
      : sendMessage(itemId, text, idempotencyKey),
  refusal: RETRY_WHILE_IN_FLIGHT,
});

/** Sends the message now, or keeps it on this device while offline (or without an answer). */
export function sendOrKeepMessage(
  message: QueuedMessage,
  idempotencyKey: string,
): Promise<Delivery<ThreadEntry>> {
  return sendOrKeep(messageOutbox, { idempotencyKey, keep: message });
}
