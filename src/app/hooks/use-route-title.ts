import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { APP_NAME } from '#src/config/env.ts';
import { focusMainHeading } from '#src/utils/focus-main-heading.ts';

/** "Orders · Buyer Portal": the deepest of the matched routes' titles names the window. */
export function routeTitle(titles: readonly (string | undefined)[]): string {
  const named = titles.filter((title): title is string => Boolean(title)).at(-1);
  return named ? `${named} · ${APP_NAME}` : APP_NAME;
}

/**
 * After a navigation inside the app, moves focus to the new page's heading, so a screen reader announces where the buyer arrived and Tab starts from there.
 * The first page load keeps the browser's own focus.
 */
export function useRouteFocus(): void {
  const location = useLocation();
  const isFirst = useRef(true);

  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    // A lazy page renders after the location changes: wait for its heading to appear.
    let tries = 0;
    let timer = 0;
    const focusedOnArrival = document.activeElement;
    const focusHeading = () => {
      const active = document.activeElement;
      // A page that already put focus somewhere inside itself (a form's first field) keeps it.
      if (active && active !== document.body && active.closest('main')) return;
      // Nor is focus taken from what the buyer moved to while the page loaded (a menu opened).
      if (active && active !== document.body && active !== focusedOnArrival) return;
      if (!focusMainHeading() && tries++ < 20) {
        timer = window.setTimeout(focusHeading, 50);
      }
    };
    timer = window.setTimeout(focusHeading, 0);
    return () => window.clearTimeout(timer);
  }, [location.pathname]);
}
