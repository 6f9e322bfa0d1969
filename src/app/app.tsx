import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/session-context.tsx';
import type { SessionManager } from '../features/auth/session-manager.ts';
import { persistOptions } from '../lib/persister.ts';
import { queryClient } from '../lib/query-client.ts';
import { createAppRouter } from './router.tsx';

export function App({ session }: { session: SessionManager }) {
  const [router] = useState(() => createAppRouter(session));
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PersistQueryClientProvider>
  );
}
