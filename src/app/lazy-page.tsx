import type { ComponentType, ReactElement } from 'react';

/** A page or layout whose module loads when it is first drawn, or earlier through `preload`. */
export interface LazyPage {
  (): ReactElement;
  /** Loads the module; resolves once the next render can draw it without waiting. */
  preload(): Promise<void>;
}

/** Forgets a failed load once its error screen is on screen, keyed by the error it threw. */
const failedLoads = new WeakMap<object, () => void>();

/**
 * Lets the page whose load failed with `error` load again on its next render. The error boundary
 * calls it once the error screen is committed: until then every render (React renders a failed
 * tree again before it gives up) meets the same failure.
 */
export function forgetFailedLoad(error: unknown): void {
  if (typeof error === 'object' && error !== null) failedLoads.get(error)?.();
}

/**
 * A route's component in its own chunk (decision 159). Unlike `React.lazy`, a module that has
 * already loaded, through `preload` or an earlier visit, is drawn at once, never through the
 * nearest `Suspense` fallback: the sign-in pages painted at build time are taken over without a
 * spinner in between, and a page visited before comes back in one frame. A module that fails to
 * load reaches the route's error screen (which reloads once for a chunk of an older build); the
 * next visit tries again.
 */
export function lazyPage(load: () => Promise<{ Component: ComponentType }>): LazyPage {
  let Page: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;

  const preload = () => {
    pending ??= load().then(
      (module) => {
        Page = module.Component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  function Lazy() {
    if (Page) return <Page />;
    if (failure) throw failure.error;
    // Suspense waits for this promise, then draws again: the page, or the failure above.
    throw preload().catch((error: unknown) => {
      failure = { error };
      if (typeof error === 'object' && error !== null) {
        failedLoads.set(error, () => {
          if (failure?.error === error) failure = undefined;
        });
      }
    });
  }
  Lazy.preload = preload;
  return Lazy;
}
