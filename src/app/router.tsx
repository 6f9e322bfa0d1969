/**
 * The route table of spec §2. Guards run as loaders; pages and the signed-in layout load lazily as
 * separate chunks, so the sign-in pages never load the buyer's navigation, outbox or catalogue.
 * `/companies/create`, `/domains` and `/profile` have no access rule in the spec; they show a
 * buyer's own data, so they are for signed-in users only.
 */
import { createBrowserRouter, data, type RouteObject } from 'react-router';
import { createGuards } from '../features/auth/guards.ts';
import type { SessionManager } from '../features/auth/session-manager.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { AppLoading, RootLayout } from './layouts/root-layout.tsx';
import { ErrorScreen, NOT_FOUND_TEXT } from './routes/error-screen.tsx';

export function createAppRoutes(session: SessionManager): RouteObject[] {
  const guards = createGuards(session);
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: AppLoading,
      errorElement: <ErrorScreen />,
      children: [
        {
          Component: AuthLayout,
          children: [
            {
              loader: guards.requireGuest,
              children: [
                {
                  path: 'login',
                  handle: { title: 'Sign in' },
                  lazy: () => import('./routes/login.tsx'),
                },
                {
                  path: 'register',
                  handle: { title: 'Register' },
                  lazy: () => import('./routes/register.tsx'),
                },
                {
                  path: 'forgot-password',
                  handle: { title: 'Forgot password' },
                  lazy: () => import('./routes/forgot-password.tsx'),
                },
              ],
            },
            {
              path: 'passwords-resets',
              handle: { title: 'Reset password' },
              loader: guards.requireGuestWithToken,
              lazy: () => import('./routes/passwords-resets.tsx'),
            },
            {
              path: 'registrations-confirmations',
              handle: { title: 'Confirm registration' },
              loader: guards.requireGuestWithToken,
              lazy: () => import('./routes/registrations-confirmations.tsx'),
            },
            {
              // Signed in or not: the link may be opened on any device (decision 071).
              path: 'email-changes-confirmations',
              handle: { title: 'Confirm e-mail change' },
              lazy: () => import('./routes/email-changes-confirmations.tsx'),
            },
          ],
        },
        {
          loader: guards.requireUser,
          lazy: () =>
            import('./layouts/default-layout.tsx').then((module) => ({
              Component: module.BuyerLayout,
            })),
          children: [
            {
              index: true,
              handle: { title: 'Dashboard' },
              lazy: () => import('./routes/home.tsx'),
            },
            {
              path: 'sites/:id',
              handle: { title: 'Site details' },
              lazy: () => import('./routes/site-detail.tsx'),
            },
            {
              path: 'checkout',
              handle: { title: 'Checkout' },
              lazy: () => import('./routes/checkout.tsx'),
            },
            {
              path: 'orders',
              handle: { title: 'Orders' },
              lazy: () => import('./routes/orders.tsx'),
            },
            {
              path: 'orders/:id',
              handle: { title: 'Order details' },
              lazy: () => import('./routes/order.tsx'),
            },
            {
              path: 'link-monitoring',
              handle: { title: 'Link monitoring' },
              lazy: () => import('./routes/link-monitoring.tsx'),
            },
            {
              path: 'companies',
              handle: { title: 'Companies' },
              lazy: () => import('./routes/companies.tsx'),
            },
            {
              path: 'companies/create',
              handle: { title: 'Company request' },
              lazy: () => import('./routes/companies-create.tsx'),
            },
            {
              path: 'content-guidelines',
              handle: { title: 'Content guidelines' },
              lazy: () => import('./routes/content-guidelines.tsx'),
            },
            {
              path: 'domains',
              handle: { title: 'Domains' },
              lazy: () => import('./routes/domains.tsx'),
            },
            {
              path: 'profile',
              handle: { title: 'Profile' },
              lazy: () => import('./routes/profile.tsx'),
            },
          ],
        },
        {
          lazy: () =>
            import('./layouts/default-layout.tsx').then((module) => ({
              Component: module.PublicLayout,
            })),
          children: [
            {
              path: 'terms-and-conditions',
              handle: { title: 'Terms and conditions' },
              lazy: () => import('./routes/terms-and-conditions.tsx'),
            },
          ],
        },
        {
          path: '*',
          loader: () => {
            throw data(NOT_FOUND_TEXT, { status: 404 });
          },
          // Never rendered: the loader always throws to the error screen.
          Component: () => null,
        },
      ],
    },
  ];
}

export function createAppRouter(session: SessionManager) {
  return createBrowserRouter(createAppRoutes(session));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
