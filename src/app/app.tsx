import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/session-context.tsx';
import type { SessionManager } from '../features/auth/session-manager.ts';
import { persistOptions } from '../lib/persister.ts';
import { queryClient } from '../lib/query-client.ts';
import { createAppRouter } from './router.tsx';

/**
 * The persisted cache is written at most once a second, so what it restores may be older than its
 * timestamps claim (a change made just before a reload). Restored data is shown at once and every
 * active query is refetched in the background; offline, the fetches wait for the connection.
 */
function refreshRestoredQueries() {
  return queryClient.invalidateQueries();
}

export function App({ session }: { session: SessionManager }) {
  const [router] = useState(() => createAppRouter(session));
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={refreshRestoredQueries}
    >
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PersistQueryClientProvider>
  );
}
