import type { ErrorInfo } from 'react';

import { isChunkLoadError } from '#src/lib/chunk-reload.ts';

import { RouteError } from './route-error.tsx';

/**
 * What the app reports of an error an error boundary caught and drew an error screen for
 * (React's `onCaughtError`). A route's own "no such page" (`RouteError`) and a page chunk that
 * could not load (offline, or from an older build: the screen reloads or waits for the
 * connection) are the screen doing its job, not faults: they are not logged. Anything else is,
 * with the components it came through.
 */
export function reportCaughtError(error: unknown, info: ErrorInfo): void {
  if (error instanceof RouteError || isChunkLoadError(error)) return;
  console.error(error, info.componentStack);
}
