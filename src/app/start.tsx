import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';

import type { SessionManager } from '../features/auth/session-manager.ts';
import { App } from './app.tsx';
import { reportCaughtError } from './react-errors.ts';
import { preloadRoute } from './router.tsx';

/**
 * Renders the app into `container`; resolves with its root once React has it.
 *
 * A sign-in page's HTML already holds its markup for a signed-out visitor (decision 153). It stays
 * until the page's chunks have loaded, then React hydrates it (decision 165): the elements are
 * kept, so what was typed or autofilled meanwhile stays, and the page's first client render
 * matches the markup (what differs in the browser, such as being offline, renders just after).
 * A signed-in visitor is sent on by the page's guard: that markup is not theirs and goes at once.
 */
export async function startApp(container: HTMLElement, session: SessionManager): Promise<Root> {
  const app = (
    <StrictMode>
      <App session={session} />
    </StrictMode>
  );
  const renderAnew = () => {
    container.replaceChildren();
    const root = createRoot(container, { onCaughtError: reportCaughtError });
    root.render(app);
    return root;
  };

  if (!container.firstElementChild || session.getState().status !== 'signed-out') {
    return renderAnew();
  }
  try {
    await preloadRoute(window.location.pathname);
  } catch {
    // A chunk that fails to load is tried again by the render, which shows the error screen.
    return renderAnew();
  }
  return hydrateRoot(container, app, { onCaughtError: reportCaughtError });
}
