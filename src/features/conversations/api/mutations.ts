import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import type { Thread, ThreadEntry, UnreadMessages } from '#contract/conversations.ts';
import { orderQueries, unreadMessagesKey } from '#src/features/orders/api/queries.ts';
import type { OutboxSync } from '#src/hooks/use-outbox-sync.ts';
import type { Delivery } from '#src/lib/outbox.ts';

import { messageOutbox, type QueuedMessage, sendOrKeepMessage } from './message-outbox.ts';
import { conversationQueries } from './queries.ts';
import { markThreadRead } from './requests.ts';

/** Puts a sent message at the end of its cached thread, until the thread is asked for again. */
function appendEntry(queryClient: QueryClient, itemId: string, entry: ThreadEntry): void {
  queryClient.setQueryData<Thread>(conversationQueries.thread(itemId).queryKey, (thread) =>
    thread && !thread.entries.some((known) => known.id === entry.id)
      ? { ...thread, entries: [...thread.entries, entry] }
      : thread,
  );
}

interface SendVariables {
  message: QueuedMessage;
  idempotencyKey: string;
}

/**
 * Sends a message, or keeps it on this device while offline; either way the thread shows it at
 * once (sent, or "Waiting to send"), and a sent one is followed by the thread as the server has it.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation<Delivery<ThreadEntry>, Error, SendVariables>({
    mutationFn: ({ message, idempotencyKey }) => sendOrKeepMessage(message, idempotencyKey),
    // Sent or kept at once, also offline: the outbox decides, not the query library.
    networkMode: 'always',
    // The composer says what went wrong, under the message.
    meta: { errorToast: false },
    onSuccess: async (delivery, { message }) => {
      if (delivery.status === 'sent') {
        appendEntry(queryClient, message.itemId, delivery.answer);
        await queryClient.invalidateQueries({
          queryKey: conversationQueries.thread(message.itemId).queryKey,
        });
      } else {
        await queryClient.invalidateQueries({ queryKey: conversationQueries.queued().queryKey });
      }
    },
  });
}

/**
 * Marks a thread read up to the last entry the member saw, then brings every count of unread
 * messages up to date: the total, the thread's own, and the orders' and items' badges.
 */
export function useMarkThreadRead(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lastEntryId: string) => markThreadRead(itemId, lastEntryId),
    // Nothing the member did failed: the thread is marked again with the next entries.
    meta: { errorToast: false },
    onSuccess: async (unread: UnreadMessages) => {
      queryClient.setQueryData(unreadMessagesKey, unread);
      queryClient.setQueryData<Thread>(conversationQueries.thread(itemId).queryKey, (thread) =>
        thread ? { ...thread, unread: 0 } : thread,
      );
      await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    },
  });
}

/** The messages written offline: once sent, their threads are asked for again. */
export const messageSendSync: OutboxSync<QueuedMessage, ThreadEntry> = {
  kind: messageOutbox,
  afterRound: async (round, queryClient) => {
    await queryClient.invalidateQueries({ queryKey: conversationQueries.queued().queryKey });
    if (round.sent > 0)
      await queryClient.invalidateQueries({ queryKey: conversationQueries.threads() });
  },
  sent: { title: 'Messages sent', description: 'The messages written offline have been sent.' },
  refused: {
    title: 'Some messages were not sent',
    description: 'See the conversation for the reason.',
  },
};
