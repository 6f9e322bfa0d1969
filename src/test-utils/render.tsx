import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
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
  { session, initialEntries = ['/'] }: { session: SessionManager; initialEntries?: string[] },
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const queryClient = createTestQueryClient();
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
