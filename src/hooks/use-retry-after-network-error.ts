import { useEffect, useRef } from 'react';

import { useOnlineStatus } from './use-online-status.ts';

/** How often a page that could not be reached asks again while the browser says it is online. */
export const NETWORK_RETRY_MS = 10_000;

/**
 * A page shown as "Not available offline" loads by itself once it can: at once when the
 * connection returns, and every few seconds while the browser thinks it is online but requests
 * still fail (a flaky or captive network).
 */
export function useRetryAfterNetworkError(isUnreachable: boolean, refetch: () => unknown): void {
  const isOnline = useOnlineStatus();
  const isNetworkError = isUnreachable;
  const wasOnline = useRef(isOnline);

  useEffect(() => {
    const cameBack = isOnline && !wasOnline.current;
    wasOnline.current = isOnline;
    if (!isNetworkError || !isOnline) return;
    if (cameBack) void refetch();
    const timer = window.setInterval(() => void refetch(), NETWORK_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [isNetworkError, isOnline, refetch]);
}
