import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/session-context.tsx';
import type { SessionManager } from '../features/auth/session-manager.ts';
import { PersistedQueryProvider } from './persisted-queries.tsx';
import { createAppRouter } from './router.tsx';

export function App({ session }: { session: SessionManager }) {
  const [router] = useState(() => createAppRouter(session));
  return (
    <PersistedQueryProvider session={session}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PersistedQueryProvider>
  );
}
