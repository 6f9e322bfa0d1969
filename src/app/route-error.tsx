import { Component, createContext, type ReactNode, useContext } from 'react';

import { forgetFailedLoad } from './lazy-page.tsx';

/** An error a route raises on purpose, with the HTTP status its screen shows (404: no such page). */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RouteError';
  }
}

const RouteErrorContext = createContext<unknown>(undefined);

/** The error the nearest route error boundary caught, for its error screen. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

interface BoundaryProps {
  /** Changes on every navigation: a new address gets a new try. */
  resetKey: string;
  /** What to draw instead of the routes when one of them throws. */
  fallback: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  caught: { error: unknown } | null;
  resetKey: string;
}

/** Catches what a route throws while drawing (a failed chunk, a bug) and shows `fallback`. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { caught: null, resetKey: props.resetKey };
  }

  /** The error screen is on screen: a page whose chunk failed may load again on the next visit. */
  override componentDidCatch(error: unknown): void {
    forgetFailedLoad(error);
  }

  override render() {
    const { caught } = this.state;
    if (!caught) return this.props.children;
    return (
      <RouteErrorContext.Provider value={caught.error}>
        {this.props.fallback}
      </RouteErrorContext.Provider>
    );
  }
}
