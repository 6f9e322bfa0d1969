import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '../components/toaster.tsx';
import { SessionProvider } from '../features/auth/session-context.tsx';
import type { SessionManager } from '../features/auth/session-manager.ts';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders routes in a memory router with the providers the app uses. */
export function renderRoutes(
  routes: RouteObject[],
  {
    session,
    initialEntries = ['/'],
    queryClient = createTestQueryClient(),
  }: { session: SessionManager; initialEntries?: string[]; queryClient?: QueryClient },
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
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
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** The router's current query string, decoded for readable expectations. */
export function searchOf(router: { state: { location: { search: string } } }): string {
  return decodeURIComponent(router.state.location.search);
}
