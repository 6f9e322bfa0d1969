import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '#src/components/button.tsx';
import { Spinner } from '#src/components/spinner.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { isChunkLoadError, reloadForChunkError } from '#src/lib/chunk-reload.ts';
import { lastListRoute } from '#src/lib/list-route-memory.ts';
import { statusText } from '#src/utils/http-status.ts';

import { EmptyLayout } from '../layouts/empty-layout.tsx';
import { RouteError, useRouteError } from '../route-error.tsx';

export const NOT_FOUND_TEXT = 'Page not found';

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof RouteError) {
    const message = error.message || statusText(error.status);
    return { status: error.status, message: error.status === 404 ? NOT_FOUND_TEXT : message };
  }
  if (error instanceof ApiError) return { status: error.status, message: error.message };
  return { status: 500, message: 'Something went wrong.' };
}

/** The route error screen (spec §2): status, message, and a way back to the last list. */
export function ErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const online = useOnlineStatus();

  // A page chunk from an older build is gone: reload once to get the current build. Offline, a
  // page chunk the device has not saved yet cannot load: the reload waits for the connection.
  const isChunkFailure = isChunkLoadError(error);
  const [reloadRefused, setReloadRefused] = useState(false);
  const reloadAskedFor = useRef<unknown>(undefined);
  useEffect(() => {
    if (!isChunkFailure || !online || reloadAskedFor.current === error) return;
    reloadAskedFor.current = error;
    // Refused when the page was reloaded for this within the guard window: show the failure. The
    // answer comes from the reload itself, a side effect that has no place in rendering.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!reloadForChunkError()) setReloadRefused(true);
  }, [error, isChunkFailure, online]);

  if (isChunkFailure && !online) {
    return (
      <EmptyLayout>
        <div className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">You are offline</h1>
          <p className="mt-2 text-sm text-slate-600">
            This page is not saved on this device yet. It opens as soon as the connection returns.
          </p>
          <Button className="mt-8" onClick={() => void navigate(lastListRoute())}>
            Go to home
          </Button>
        </div>
      </EmptyLayout>
    );
  }

  if (isChunkFailure && !reloadRefused) {
    return (
      <EmptyLayout>
        <div className="flex justify-center">
          <Spinner className="size-6 text-indigo-600" label="Loading the latest version…" />
        </div>
      </EmptyLayout>
    );
  }

  const { status, message } = describe(error);
  return (
    <EmptyLayout>
      <div className="text-center">
        <p className="text-6xl font-bold tracking-tight text-indigo-600">{status}</p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">{message}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {status === 404
            ? 'The address may be mistyped or the page may have moved.'
            : 'Please try again in a moment.'}
        </p>
        <Button className="mt-8" onClick={() => void navigate(lastListRoute())}>
          Go to home
        </Button>
      </div>
    </EmptyLayout>
  );
}
