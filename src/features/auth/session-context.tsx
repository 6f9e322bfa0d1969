import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '#src/config/paths.ts';

import type { SessionManager, SessionState } from './session-manager.ts';

const SessionContext = createContext<SessionManager | null>(null);

export function SessionProvider({
  session,
  children,
}: {
  session: SessionManager;
  children: ReactNode;
}) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSessionManager(): SessionManager {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionManager must be used inside SessionProvider');
  return session;
}

/** The current session state; re-renders on sign-in, refresh, logout, also from other tabs. */
export function useSession(): SessionState {
  const session = useSessionManager();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/**
 * Logs out and opens the plain login page: a deliberate sign-out leaves no way back to the page
 * it was on (an expired session keeps it, to return there after signing in again).
 */
export function useLogOut(): () => void {
  const session = useSessionManager();
  const navigate = useNavigate();
  return () => {
    void session.logout().then(() => navigate(paths.login, { replace: true }));
  };
}
