import { RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/session-context.tsx';
import type { SessionManager } from '../features/auth/session-manager.ts';
import { PersistedQueryProvider } from './persisted-queries.tsx';
import type { AppRouter } from './router.tsx';

export function App({ session, router }: { session: SessionManager; router: AppRouter }) {
  return (
    <PersistedQueryProvider session={session}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PersistedQueryProvider>
  );
}
