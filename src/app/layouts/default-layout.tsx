import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';

import { buttonClasses } from '#src/components/button.tsx';
import { MenuPortal } from '#src/components/menu-portal.tsx';
import { Spinner } from '#src/components/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { NoAccess } from '#src/features/auth/components/no-access.tsx';
import { useSession } from '#src/features/auth/session-context.tsx';
import { ImportTracker } from '#src/features/imports/components/import-tracker.tsx';

import { BrandLink } from './brand.tsx';
import { EmptyLayout } from './empty-layout.tsx';
import { OfflineChanges } from './offline-changes.tsx';
import { TopNavigation } from './top-navigation.tsx';

function PageContainer() {
  return (
    <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
      <MenuPortal>
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner className="size-6 text-indigo-600" label="Loading…" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </MenuPortal>
    </main>
  );
}

/** Signed-in pages: the top navigation and the page. A signed-in non-buyer sees the no-access screen. */
export function BuyerLayout() {
  const session = useSession();
  // Signed out while still on the page: the guard is about to redirect to the login page.
  if (session.status !== 'signed-in') return null;
  if (!session.isBuyer) {
    return (
      <EmptyLayout>
        <NoAccess username={session.claims?.username} />
      </EmptyLayout>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <OfflineChanges />
      <ImportTracker />
      <TopNavigation />
      <PageContainer />
    </div>
  );
}

/** Public pages: the buyer's navigation when signed in, otherwise a slim header with a login link. */
export function PublicLayout() {
  const session = useSession();
  if (session.status === 'signed-in' && session.isBuyer) {
    return (
      <div className="flex min-h-dvh flex-col bg-slate-50">
        <TopNavigation />
        <PageContainer />
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <BrandLink />
          <Link to={paths.login} className={buttonClasses('secondary', 'sm')}>
            Log in
          </Link>
        </div>
      </header>
      <PageContainer />
    </div>
  );
}
