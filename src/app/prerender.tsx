/**
 * The markup of a sign-in page as a signed-out visitor first sees it, rendered at build time into
 * the page's HTML copy (`tools/route-pages.ts`, decision 153): the browser paints the card before
 * any script has run. The same routes, guards, layouts and forms render it as in the browser, for
 * a visitor without tokens; `src/app/start.tsx` then hydrates it once the route's chunks are in,
 * keeping its elements, so what was typed or autofilled meanwhile stays.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';

import { SessionProvider } from '../features/auth/session-context.tsx';
import { createSessionManager } from '../features/auth/session-manager.ts';
import { createSessionStore } from '../lib/session-store.ts';
import { PersistedQueryProvider } from './persisted-queries.tsx';
import { AppRoutes, preloadRoute, titleAt } from './router.tsx';

/** Storage that starts empty and forgets on exit: the visitor of a first visit has no tokens. */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const signedOut = () => Promise.reject(new Error('A page rendered at build time has no session'));

/** A page as rendered at build time: what goes inside `#root`, and the window's title. */
export interface RenderedPage {
  html: string;
  title: string;
}

/** `pathname`, a page the signed-out visitor may open, as they first see it. */
export async function renderSignedOutPage(pathname: string): Promise<RenderedPage> {
  const session = createSessionManager({
    store: createSessionStore(emptyStorage(), null),
    refresh: signedOut,
  });
  await preloadRoute(pathname);
  const html = renderToString(
    <StrictMode>
      <PersistedQueryProvider session={session}>
        <SessionProvider session={session}>
          <StaticRouter location={pathname}>
            <AppRoutes />
          </StaticRouter>
        </SessionProvider>
      </PersistedQueryProvider>
    </StrictMode>,
  );
  // A guard's redirect or a missing page would paint something other than the page asked for.
  if (!html.includes('<form'))
    throw new Error(`Rendering ${pathname} drew no form: ${html.slice(0, 200)}`);
  return { html, title: titleAt(pathname) };
}
