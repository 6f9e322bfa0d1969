import { useSyncExternalStore } from 'react';

import { isConnected, subscribeConnection } from '../lib/connection.ts';

/**
 * Whether the server can be reached: the browser's own word, corrected by what requests met
 * (`src/lib/connection.ts`), so a reload offline that the browser reports as online still shows
 * the page as offline once a request has failed.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribeConnection, isConnected, () => true);
}
