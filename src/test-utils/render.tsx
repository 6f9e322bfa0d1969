import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { type ReactNode, useLayoutEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigateOptions,
  type RouteObject,
  type To,
  useLocation,
  useNavigate,
  useRoutes,
} from 'react-router';

import { reportCaughtError } from '../app/react-errors.ts';
import { Toaster } from '../components/toaster.tsx';
import { SessionProvider } from '../features/auth/session-context.tsx';
import type { SessionManager } from '../features/auth/session-manager.ts';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** What a test reads of the memory router: its current location, and a way to navigate. */
export interface TestRouter {
  state: { location: Location };
  /** An address, or a step through the history (`-1` is Back). */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
}

/** Records the router's location into `router` as it renders, and lends it `navigate`. */
function createRouterProbe() {
  let navigateTo: NavigateFunction | undefined;
  const router: TestRouter = {
    state: { location: { pathname: '/', search: '', hash: '', state: null, key: 'default' } },
    async navigate(to, options) {
      if (!navigateTo) throw new Error('The router has not rendered yet');
      const go = navigateTo;
      await act(async () => {
        await (typeof to === 'number' ? go(to) : go(to, options));
      });
    },
  };
  function Probe() {
    const location = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      router.state = { location };
      navigateTo = navigate;
    });
    return null;
  }
  return { router, Probe };
}

function RoutesOf({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

interface RouterRenderOptions {
  /** Given to `useSessionManager` and `useSession`; components that use neither need none. */
  session?: SessionManager;
  initialEntries?: string[];
  queryClient?: QueryClient;
  /** Also renders the app's toaster, for components that announce with a toast. */
  toaster?: boolean;
}

/**
 * Renders `ui` (routes, or the app's own `<AppRoutes />`) in a memory router with the providers the
 * app uses.
 */
export function renderInMemoryRouter(
  ui: ReactNode,
  {
    session,
    initialEntries = ['/'],
    queryClient = createTestQueryClient(),
    toaster = false,
  }: RouterRenderOptions = {},
) {
  const { router, Probe } = createRouterProbe();
  const routed = (
    <MemoryRouter initialEntries={initialEntries}>
      <Probe />
      {ui}
    </MemoryRouter>
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      {session ? <SessionProvider session={session}>{routed}</SessionProvider> : routed}
      {toaster && <Toaster />}
    </QueryClientProvider>,
    { onCaughtError: reportCaughtError },
  );
  return { ...result, router, queryClient };
}

/** Renders routes in a memory router with the providers the app uses. */
export function renderRoutes(routes: RouteObject[], options: RouterRenderOptions = {}) {
  return renderInMemoryRouter(<RoutesOf routes={routes} />, options);
}

/** Renders a component on a single route, for components that use links or navigation. */
export function renderWithProviders(ui: ReactNode, { session }: { session: SessionManager }) {
  return renderRoutes([{ path: '*', element: ui }], { session });
}

/**
 * Renders a page component at `initialEntry` on the route `path`, with the query client and the
 * toaster; any other address shows a placeholder, so a navigation away can be seen.
 */
export function renderOnRoute(
  ui: ReactNode,
  initialEntry = '/',
  path = '/',
  seed: (queryClient: QueryClient) => void = () => undefined,
) {
  const queryClient = createTestQueryClient();
  seed(queryClient);
  return renderRoutes(
    [
      { path, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [initialEntry], queryClient, toaster: true },
  );
}

/** The router's current query string, decoded for readable expectations. */
export function searchOf(router: { state: { location: { search: string } } }): string {
  return decodeURIComponent(router.state.location.search);
}
