/**
 * Route guards (spec §2): a guest who opens a signed-in page is sent to the login page, which
 * brings them back after signing in; a signed-in buyer who opens a sign-in page is sent on. A guard
 * first settles the session: an expired access token with a valid refresh token is refreshed
 * before the page draws, so a returning buyer never sees the sign-in screen for a moment. Guards
 * follow the session afterwards: a sign-in or sign-out, also in another tab, moves the page.
 */
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { paths, REDIRECT_PARAM } from '#src/config/paths.ts';
import { useSession, useSessionManager } from '#src/features/auth/session-context.tsx';
import type { SessionState } from '#src/features/auth/session-manager.ts';
import { safeRedirectPath } from '#src/utils/redirect.ts';

import { AppLoading } from './layouts/root-layout.tsx';

export function loginPathFor(target: string): string {
  if (target === paths.index) return paths.login;
  return `${paths.login}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** The session's status once settled (`null` while its one refresh runs). */
function useSettledStatus(): SessionState['status'] | null {
  const session = useSessionManager();
  const { status } = useSession();
  const [settled, setSettled] = useState(() => !session.needsRefresh());
  useEffect(() => {
    if (settled) return;
    let live = true;
    void session.ensureFresh().then(() => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, [session, settled]);
  return settled ? status : null;
}

/** Signed-in pages. */
export function RequireUser() {
  const status = useSettledStatus();
  const { pathname, search } = useLocation();
  if (status === null) return <AppLoading />;
  if (status !== 'signed-in') return <Navigate replace to={loginPathFor(`${pathname}${search}`)} />;
  return <Outlet />;
}

/** Sign-in, registration and recovery pages. */
export function RequireGuest() {
  const status = useSettledStatus();
  const { search } = useLocation();
  if (status === null) return <AppLoading />;
  if (status === 'signed-in') {
    const target = safeRedirectPath(new URLSearchParams(search).get(REDIRECT_PARAM));
    return <Navigate replace to={target ?? paths.index} />;
  }
  return <Outlet />;
}
