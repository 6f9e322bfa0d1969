import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll_positions';
/** Enough for a long back-and-forth; older entries are dropped when the positions are stored. */
const MAX_ENTRIES = 100;
/** How long a restored position waits for the page to grow tall enough to hold it. */
const RESTORE_WAIT_MS = 3000;
const INTERRUPTIONS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

let positions: Map<string, number> | undefined;

function stored(): Map<string, number> {
  if (!positions) {
    positions = new Map();
    try {
      const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
      if (Array.isArray(saved)) {
        for (const entry of saved as unknown[]) {
          if (
            Array.isArray(entry) &&
            typeof entry[0] === 'string' &&
            typeof entry[1] === 'number' &&
            Number.isFinite(entry[1])
          ) {
            positions.set(entry[0], entry[1]);
          }
        }
      }
    } catch {
      // Storage unavailable or its value damaged: start without saved positions.
    }
  }
  return positions;
}

function remember(key: string, y: number): void {
  const saved = stored();
  saved.delete(key);
  saved.set(key, y);
  while (saved.size > MAX_ENTRIES) saved.delete(saved.keys().next().value!);
}

function persist(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...stored()]));
  } catch {
    // Storage full or unavailable: positions are kept for this page's life only.
  }
}

function hashTarget(hash: string): HTMLElement | null {
  if (!hash) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Scrolls to `y`, and again on each frame while the page is still too short to reach it (its rows
 * are drawn in slices, its data may still be on the way), until it is reached, the wait is over, or
 * the buyer scrolls, types or touches. Returns a function that stops it.
 */
function scrollWhenReachable(y: number): () => void {
  const until = performance.now() + RESTORE_WAIT_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of INTERRUPTIONS) window.removeEventListener(type, stop);
  };
  const step = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || performance.now() > until) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const type of INTERRUPTIONS) window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}

/**
 * Scroll positions as a browser keeps them for plain pages: a new page opens at its top (or at the
 * element its `#hash` names), Back and Forward return to where the buyer was, also after a reload,
 * and a change of the address within a page (its query) leaves the page where it is.
 * Positions are recorded as the buyer scrolls, so the height of the next page cannot clip them.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // A replaced entry of the same page (a filter, a sort, a page number written to the address)
  // keeps the position, as a browser keeps it for replaceState; one of another page (a redirect)
  // opens at its top.
  const pathname = useRef(location.pathname);

  useLayoutEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    // "default" is the key of every entry the app did not create (the first page of a tab, a
    // typed address): such entries are told apart by their address.
    const key =
      location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key;
    const saved = navigationType === 'POP' ? stored().get(key) : undefined;
    const target = hashTarget(location.hash);
    let stopRestoring = () => {};
    if (saved !== undefined) stopRestoring = scrollWhenReachable(saved);
    else if (target) target.scrollIntoView();
    else if (navigationType === 'PUSH' || pathname.current !== location.pathname) {
      window.scrollTo(0, 0);
    }
    pathname.current = location.pathname;
    const onScroll = () => remember(key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      stopRestoring();
      window.removeEventListener('scroll', onScroll);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per entry of the history
  }, [location.key]);

  return null;
}
