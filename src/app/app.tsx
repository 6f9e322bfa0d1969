import { BrowserRouter } from 'react-router';

import { SessionProvider } from '../features/auth/session-context.tsx';
import type { SessionManager } from '../features/auth/session-manager.ts';
import { PersistedQueryProvider } from './persisted-queries.tsx';
import { AppRoutes } from './router.tsx';

export function App({ session }: { session: SessionManager }) {
  return (
    <PersistedQueryProvider session={session}>
      <SessionProvider session={session}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
    </PersistedQueryProvider>
  );
}
