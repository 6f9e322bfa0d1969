import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
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
