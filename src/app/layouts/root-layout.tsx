import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';

import { Spinner } from '#src/components/spinner.tsx';
import { Toaster } from '#src/components/toaster.tsx';
import { paths } from '#src/config/paths.ts';
import { useSessionManager } from '#src/features/auth/session-context.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { rememberListRoute } from '#src/lib/list-route-memory.ts';
import { onUpdateAvailable } from '#src/lib/pwa.ts';
import { toast } from '#src/lib/toast-store.ts';

import { useRouteFocus } from '../hooks/use-route-title.ts';
import { ScrollRestoration } from '../scroll-restoration.tsx';

/**
 * Shown while the server cannot be reached: the browser says it is offline, or requests get no
 * answer although it says online (as after a reload offline in Chromium; `useOnlineStatus`).
 */
export const OFFLINE_BANNER_TEXT =
  'You are offline. Saved data is shown; changes you can make offline are sent when the connection returns.';

function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      role="status"
      className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      {OFFLINE_BANNER_TEXT}
    </div>
  );
}

/**
 * Wraps every route: leaves the signed-in pages on a sign-out (also from another tab), remembers list routes for the error screen, and shows app-wide notices.
 */
export function RootLayout() {
  const session = useSessionManager();
  const navigate = useNavigate();
  const location = useLocation();
  useRouteFocus();

  useEffect(
    () => session.onSignedOut(() => void navigate(paths.index, { replace: true })),
    [session, navigate],
  );

  useEffect(() => {
    rememberListRoute(location.pathname, location.search);
  }, [location.pathname, location.search]);

  useEffect(
    () =>
      onUpdateAvailable((applyUpdate) =>
        toast({
          title: 'Update available',
          description: 'A new version of the portal is ready.',
          action: { label: 'Reload', onClick: applyUpdate },
          duration: Number.POSITIVE_INFINITY,
        }),
      ),
    [],
  );

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        Skip to content
      </a>
      <OfflineBanner />
      <Suspense fallback={<AppLoading />}>
        <Outlet />
      </Suspense>
      <Toaster />
      <ScrollRestoration />
    </>
  );
}

/** Shown while a guard settles the session (at most one refresh call) or a layout loads. */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner className="size-6 text-indigo-600" label="Loading…" />
    </div>
  );
}
