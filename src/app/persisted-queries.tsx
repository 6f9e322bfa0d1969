import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';

import type { SessionManager } from '../features/auth/session-manager.ts';
import type * as Persister from '../lib/persister.ts';
import { queryClient } from '../lib/query-client.ts';

/**
 * The persisted cache is written at most once a second, so what it restores may be older than its
 * timestamps claim (a change made just before a reload). Restored data is shown at once and every
 * active query is refetched in the background; offline, the fetches wait for the connection.
 */
function refreshRestoredQueries() {
  return queryClient.invalidateQueries();
}

/**
 * Provides the query client and, for a signed-in user, restores the cache persisted in IndexedDB
 * (decision 093) and saves it back as it changes. The persister and Dexie are loaded only then,
 * beside the route's own chunks: the sign-in pages never load them (decision 110). Queries wait
 * while the cache is restored, as with TanStack's PersistQueryClientProvider.
 *
 * Only a user signed in when the page opens gets a restore; one who signs in later starts with
 * the cache empty (it was dropped on sign-out) and only saves.
 */
export function PersistedQueryProvider({
  session,
  children,
}: {
  session: SessionManager;
  children: ReactNode;
}) {
  const isSignedInNow = () => session.getState().status === 'signed-in';
  const isSignedIn = useSyncExternalStore(session.subscribe, isSignedInNow, isSignedInNow);
  const [isRestoring, setIsRestoring] = useState(isSignedIn);
  const restoring = useRef<Promise<typeof Persister> | null>(null);

  useEffect(() => {
    if (!isSignedIn) return;
    let isActive = true;
    let unsubscribe: (() => void) | undefined;
    restoring.current ??= import('../lib/persister.ts').then(async (persister) => {
      if (isRestoring) {
        await persister
          .restoreQueryCache(queryClient)
          .then(refreshRestoredQueries)
          .catch(() => undefined);
        setIsRestoring(false);
      }
      return persister;
    });
    restoring.current
      .then((persister) => {
        if (isActive) unsubscribe = persister.saveQueryCacheOnChange(queryClient);
      })
      // Without IndexedDB (a private window of some browsers) the app works without the cache.
      .catch(() => setIsRestoring(false));
    return () => {
      isActive = false;
      unsubscribe?.();
    };
    // `isRestoring` is read once, by the first run: the restore happens once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isSignedIn]);

  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
