/**
 * The member's unread messages on every order they may read (decision 213): the navigation's
 * count beside "Orders". A module of its own, so that the navigation loads this query without the
 * orders' other code; `queries.ts` exports it for the features that refresh it.
 */
import { queryOptions } from '@tanstack/react-query';

import { unreadMessagesEndpoint } from '#contract/unread-messages.ts';
import { apiClient } from '#src/lib/api-client.ts';

/** How often the count is asked for again while the app is visible (never in a background tab). */
export const UNREAD_MESSAGES_REFRESH_MS = 60_000;

/** The key a conversation invalidates when it marks messages read or new ones arrive. */
export const unreadMessagesKey = ['messages', 'unread'] as const;

export const unreadMessagesQuery = queryOptions({
  queryKey: unreadMessagesKey,
  queryFn: ({ signal }) => apiClient.call(unreadMessagesEndpoint, { signal }),
  refetchInterval: UNREAD_MESSAGES_REFRESH_MS,
  // Back on the tab, the count is asked for at once, however recent the last answer.
  refetchOnWindowFocus: 'always',
});
