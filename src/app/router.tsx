/**
 * The route table of spec §2 (decision 159). Pages and the signed-in layout load lazily as
 * separate chunks, so the sign-in pages never load the buyer's navigation, outbox or catalogue.
 * `/companies/create`, `/domains` and `/profile` have no access rule in the spec; they show a
 * buyer's own data, so they are for signed-in users only.
 */
import { type ReactNode, useEffect } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';

import { routeTitle } from './hooks/use-route-title.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { type LazyPage, lazyPage } from './lazy-page.tsx';
import { RouteError, RouteErrorBoundary } from './route-error.tsx';
import { RequireGuest, RequireUser } from './route-guards.tsx';
import { ErrorScreen, NOT_FOUND_TEXT } from './routes/error-screen.tsx';

/** What a route declares in its `handle`. */
interface AppRouteHandle {
  /** The page's name, for the window title. */
  title?: string;
  /** Loads the route's chunk ahead of its first render. */
  preload?: LazyPage['preload'];
}

function lazyRoute(Lazy: LazyPage, title?: string): { element: ReactNode; handle: AppRouteHandle } {
  return { element: <Lazy />, handle: { title, preload: Lazy.preload } };
}

function page(path: string, title: string, load: Parameters<typeof lazyPage>[0]): RouteObject {
  return { path, ...lazyRoute(lazyPage(load), title) };
}

const BuyerLayout = lazyPage(() =>
  import('./layouts/default-layout.tsx').then((module) => ({ Component: module.BuyerLayout })),
);
const PublicLayout = lazyPage(() =>
  import('./layouts/default-layout.tsx').then((module) => ({ Component: module.PublicLayout })),
);

function NotFound(): never {
  throw new RouteError(404, NOT_FOUND_TEXT);
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          {
            element: <RequireGuest />,
            children: [
              page('login', 'Sign in', () => import('./routes/login.tsx')),
              page('register', 'Register', () => import('./routes/register.tsx')),
              page(
                'forgot-password',
                'Forgot password',
                () => import('./routes/forgot-password.tsx'),
              ),
              page(
                'passwords-resets',
                'Reset password',
                () => import('./routes/passwords-resets.tsx'),
              ),
              page(
                'registrations-confirmations',
                'Confirm registration',
                () => import('./routes/registrations-confirmations.tsx'),
              ),
            ],
          },
          // Signed in or not: the link may be opened on any device (decision 071).
          page(
            'email-changes-confirmations',
            'Confirm e-mail change',
            () => import('./routes/email-changes-confirmations.tsx'),
          ),
          // Signed in or not: an existing buyer accepts, a new one registers (decision 203).
          page('invitations/:token', 'Invitation', () => import('./routes/invitations.tsx')),
        ],
      },
      {
        element: <RequireUser />,
        children: [
          {
            ...lazyRoute(BuyerLayout),
            children: [
              {
                index: true,
                ...lazyRoute(
                  lazyPage(() => import('./routes/home.tsx')),
                  'Dashboard',
                ),
              },
              page('sites/:id', 'Site details', () => import('./routes/site-detail.tsx')),
              page('checkout', 'Checkout', () => import('./routes/checkout.tsx')),
              page('orders', 'Orders', () => import('./routes/orders.tsx')),
              page('orders/:id', 'Order details', () => import('./routes/order.tsx')),
              page(
                'purchase-requests',
                'Purchase requests',
                () => import('./routes/purchase-requests.tsx'),
              ),
              page(
                'link-monitoring',
                'Link monitoring',
                () => import('./routes/link-monitoring.tsx'),
              ),
              page('companies', 'Companies', () => import('./routes/companies.tsx')),
              page(
                'companies/create',
                'Company request',
                () => import('./routes/companies-create.tsx'),
              ),
              page(
                'content-guidelines',
                'Content guidelines',
                () => import('./routes/content-guidelines.tsx'),
              ),
              page('domains', 'Domains', () => import('./routes/domains.tsx')),
              page('profile', 'Profile', () => import('./routes/profile.tsx')),
              page('members', 'Members', () => import('./routes/members.tsx')),
              page('audit-log', 'Audit log', () => import('./routes/audit-log.tsx')),
            ],
          },
        ],
      },
      {
        ...lazyRoute(PublicLayout),
        children: [
          page(
            'terms-and-conditions',
            'Terms and conditions',
            () => import('./routes/terms-and-conditions.tsx'),
          ),
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

function handlesAt(pathname: string): AppRouteHandle[] {
  return (matchRoutes(appRoutes, pathname) ?? []).map(
    (match) => (match.route.handle ?? {}) as AppRouteHandle,
  );
}

/** "Orders · Buyer Portal": the window title of the page at `pathname`. */
export function titleAt(pathname: string): string {
  return routeTitle(handlesAt(pathname).map((handle) => handle.title));
}

/** Loads the chunks of the page at `pathname` and its layouts, so its first render waits for none. */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all(handlesAt(pathname).map((handle) => handle.preload?.()));
}

/** The app's pages at the current address, with the window title and the route error screen. */
export function AppRoutes() {
  const location = useLocation();
  const title = titleAt(location.pathname);
  // Without a location argument: given one, useRoutes answers every navigation as a POP below it,
  // and a new page would keep the previous page's scroll position (scroll-restoration.tsx).
  const routes = useRoutes(appRoutes);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <RouteErrorBoundary resetKey={location.key} fallback={<ErrorScreen />}>
      {routes}
    </RouteErrorBoundary>
  );
}
