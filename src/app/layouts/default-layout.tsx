import { Link, Outlet } from 'react-router';
import { buttonClasses } from '#src/components/button.tsx';
import { MenuPortal } from '#src/components/menu-portal.tsx';
import { paths } from '#src/config/paths.ts';
import { useSession } from '#src/features/auth/session-context.tsx';
import { NoAccess } from '#src/features/auth/components/no-access.tsx';
import { cartLineSync } from '#src/features/cart/api/cart-lines.ts';
import { guidelinesSaveSync } from '#src/features/content-guidelines/api/guidelines-writes.ts';
import { domainAddSync, domainDeleteSync } from '#src/features/domains/api/domain-writes.ts';
import { ImportTracker } from '#src/features/imports/components/import-tracker.tsx';
import { itemActionSync } from '#src/features/orders/hooks/use-item-actions.ts';
import { useOutboxSync } from '#src/hooks/use-outbox-sync.ts';
import { BrandLink } from './brand.tsx';
import { EmptyLayout } from './empty-layout.tsx';
import { TopNavigation } from './top-navigation.tsx';

function PageContainer() {
  return (
    <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
      <MenuPortal>
        <Outlet />
      </MenuPortal>
    </main>
  );
}

/** Sends the cart lines, order actions and domain changes made offline; mounted only for a signed-in buyer. */
function OfflineChangesSync() {
  useOutboxSync(cartLineSync);
  useOutboxSync(itemActionSync);
  useOutboxSync(domainAddSync);
  useOutboxSync(domainDeleteSync);
  useOutboxSync(guidelinesSaveSync);
  return null;
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
      <OfflineChangesSync />
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
