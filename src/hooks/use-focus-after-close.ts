import { useEffect, useRef } from 'react';

import { focusMainHeading } from '../utils/focus-main-heading.ts';

/** Longer than a dialog's closing transition, after which Headless UI gives focus back. */
const AFTER_CLOSE_MS = 350;

/** Once the dialog's closing is over: focus left on the page body goes to the main heading. */
function keepFocusInThePage(): () => void {
  const timer = window.setTimeout(() => {
    // The page itself may be gone by then (a dialog drawn until the whole app was torn down).
    if (typeof document === 'undefined') return;
    const active = document.activeElement;
    if (active === null || active === document.body) focusMainHeading();
  }, AFTER_CLOSE_MS);
  return () => window.clearTimeout(timer);
}

/**
 * Where focus goes once a dialog has closed when the element that opened it is gone or disabled
 * (the row it deleted, a button replaced or turned off by the change it made): Headless UI gives
 * focus back to that element, and without it browsers leave focus on the page body, so the next
 * Tab starts again at the top of the page. Focus moves to the page's main heading instead, from
 * where Tab goes on in the content. A dialog closes by `isOpen` turning false, or by going away
 * while open (one drawn only while it is open).
 */
export function useFocusAfterClose(isOpen: boolean): void {
  const wasOpen = useRef(isOpen);
  useEffect(() => {
    const hasClosed = wasOpen.current && !isOpen;
    wasOpen.current = isOpen;
    if (hasClosed) return keepFocusInThePage();
  }, [isOpen]);
  useEffect(
    () => () => {
      if (wasOpen.current) keepFocusInThePage();
    },
    [],
  );
}
