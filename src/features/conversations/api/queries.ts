import { queryOptions } from '@tanstack/react-query';

import { THREAD_POLL_MS } from '#contract/conversations.ts';
import { listOutbox } from '#src/lib/outbox.ts';

import { messageOutbox } from './message-outbox.ts';
import { fetchThread } from './requests.ts';

/**
 * The conversations' queries. Threads are kept in the persisted query cache like the orders, so a
 * thread opened once reads offline after a reload.
 */
export const conversationQueries = {
  all: () => ['buyer', 'messages'] as const,
  threads: () => [...conversationQueries.all(), 'thread'] as const,
  /** One item's thread; asked for again every few seconds while an observer is enabled. */
  thread: (itemId: string) =>
    queryOptions({
      queryKey: [...conversationQueries.threads(), itemId] as const,
      queryFn: ({ signal }) => fetchThread(itemId, signal),
      refetchInterval: THREAD_POLL_MS,
    }),
  /** Messages waiting on this device or refused by the server; never persisted (Dexie holds them). */
  queued: () =>
    queryOptions({
      queryKey: ['local', 'messages', 'queued'] as const,
      queryFn: () => listOutbox(messageOutbox),
      networkMode: 'always',
      staleTime: 0,
      meta: { persist: false },
    }),
};
