import { render as renderInto } from 'preact';
import { StrictMode } from 'react';
import type { SessionManager } from '../features/auth/session-manager.ts';
import { App } from './app.tsx';
import { preloadRoute } from './router.tsx';

/**
 * Renders the app into `container`.
 *
 * A sign-in page's HTML already holds its markup for a signed-out visitor (decision 153). It stays
 * until the page's chunks have loaded; the first render then reuses its elements, so what was
 * typed or autofilled meanwhile stays. Rendering earlier would show a loading screen over it.
 * A signed-in visitor is sent on by the page's guard: that markup is not theirs and goes at once.
 *
 * Preact's own `render`, unlike `createRoot().render` (which empties the container first, as
 * React does), reuses the elements already inside and corrects their attributes.
 */
export function startApp(container: HTMLElement, session: SessionManager): void {
  const render = () =>
    renderInto(
      <StrictMode>
        <App session={session} />
      </StrictMode>,
      container,
    );

  if (!container.firstElementChild || session.getState().status !== 'signed-out') {
    container.replaceChildren();
    render();
    return;
  }
  // A chunk that fails to load is tried again by the render, which shows the error screen.
  void preloadRoute(window.location.pathname).then(render, render);
}
