import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { APP_NAME } from '#src/config/env.ts';

/** What a route declares in its `handle`: the name of the page, for the window title. */
export interface RouteHandle {
  title: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** "Orders · Buyer Portal": the deepest route that names itself. */
export function routeTitle(handles: readonly unknown[]): string {
  const named = handles.filter(isRouteHandle).at(-1);
  return named ? `${named.title} · ${APP_NAME}` : APP_NAME;
}

/**
 * Names the window after the page, and after a navigation inside the app moves focus to the new
 * page's heading, so a screen reader announces where the buyer arrived and Tab starts from there.
 * The first page load keeps the browser's own focus.
 */
export function useRouteTitleAndFocus(): void {
  const matches = useMatches();
  const location = useLocation();
  const title = routeTitle(matches.map((match) => match.handle));
  const isFirst = useRef(true);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    // A lazy page renders after the location changes: wait for its heading to appear.
    let tries = 0;
    let timer = 0;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      const active = document.activeElement;
      // A page that already put focus somewhere inside itself (a form's first field) keeps it.
      if (active && active !== document.body && active.closest('main')) return;
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      } else if (tries++ < 20) {
        timer = window.setTimeout(focusHeading, 50);
      }
    };
    timer = window.setTimeout(focusHeading, 0);
    return () => window.clearTimeout(timer);
  }, [location.pathname]);
}
