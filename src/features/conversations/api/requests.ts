/** The conversation calls of decision 213: an order item's thread, sending, reading, unread total. */
import { conversationEndpoints, type ThreadEntry } from '#contract/conversations.ts';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/endpoint-schemas.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function fetchThread(itemId: string, signal?: AbortSignal) {
  return apiClient.call(conversationEndpoints.thread, { params: { id: itemId }, signal });
}

/** Sends one message; a repeat with the same key is answered with the first answer. */
export function sendMessage(
  itemId: string,
  text: string,
  idempotencyKey: string,
): Promise<ThreadEntry> {
  return apiClient.call(conversationEndpoints.send, {
    params: { id: itemId },
    body: { text },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Sends a document with an optional message; a repeat with the same key is answered the same. */
export function sendMessageWithFile(
  itemId: string,
  text: string,
  file: File,
  idempotencyKey: string,
): Promise<ThreadEntry> {
  return apiClient.call(conversationEndpoints.sendWithFile, {
    params: { id: itemId },
    body: { ...(text ? { text } : {}), file_name: file.name, file },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Marks the thread read up to `lastEntryId`; answers the caller's unread total after it. */
export function markThreadRead(itemId: string, lastEntryId: string) {
  return apiClient.call(conversationEndpoints.markRead, {
    params: { id: itemId },
    body: { last_entry_id: lastEntryId },
  });
}
