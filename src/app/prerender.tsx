/**
 * The markup of a sign-in page as a signed-out visitor first sees it, rendered at build time into
 * the page's HTML copy (`tools/route-pages.ts`, decision 153): the browser paints the card before
 * any script has run. The same routes, layouts and forms render it as in the browser, for a
 * visitor without tokens; `src/main.tsx` then renders over it once the router is ready, reusing
 * its elements, so what was typed or autofilled meanwhile stays.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/session-context.tsx';
import { createSessionManager } from '../features/auth/session-manager.ts';
import { BuildRenderContext } from '../hooks/use-build-render.ts';
import { createSessionStore } from '../lib/session-store.ts';
import { routeTitle } from './hooks/use-route-title.ts';
import { PersistedQueryProvider } from './persisted-queries.tsx';
import { createAppRoutes } from './router.tsx';

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
  const handler = createStaticHandler(createAppRoutes(session));
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) {
    throw new Error(`Rendering ${pathname} ended in a redirect (${context.status})`);
  }
  if (context.errors)
    throw new Error(`Rendering ${pathname} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <BuildRenderContext.Provider value={true}>
        <PersistedQueryProvider session={session}>
          <SessionProvider session={session}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </SessionProvider>
        </PersistedQueryProvider>
      </BuildRenderContext.Provider>
    </StrictMode>,
  );
  return { html, title: routeTitle(context.matches.map((match) => match.route.handle)) };
}
