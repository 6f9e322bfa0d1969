import type { ReactNode } from 'react';
import { Link } from 'react-router';

import type { Permission } from '#contract/permissions.ts';
import { PageHeader } from '#src/components/page-header.tsx';
import { paths } from '#src/config/paths.ts';
import { useMemberRole } from '#src/features/profile/api/queries.ts';
import { RequiresPermission } from '#src/features/profile/components/requires-permission.tsx';
import { whatRoleFollows } from '#src/features/profile/role-reading.ts';

const linkClass = 'font-medium underline underline-offset-2';

/**
 * Why a role that buys nothing (Finance, Viewer) does not use a buying page, and what it reads
 * instead: the refusal of the pages for the roles with `catalogue.use` or `orders.place`.
 */
function BuyingRefusal({ what }: { what: string }) {
  const { role } = useMemberRole();
  return (
    <>
      {what} for the members who buy: Owners, Admins and Buyers. {whatRoleFollows(role)}: see{' '}
      <Link to={paths.orders} className={linkClass}>
        orders
      </Link>{' '}
      and{' '}
      <Link to={paths.linkMonitoring} className={linkClass}>
        link monitoring
      </Link>
      .
    </>
  );
}

/**
 * A page for the members who buy (decision 203): the page itself for a role with `permission`,
 * and for Finance and Viewer its title with why they do not use it and what they follow instead.
 */
export function BuyingPage({
  permission = 'catalogue.use',
  title,
  loadingLabel,
  what,
  children,
}: {
  permission?: Extract<Permission, 'catalogue.use' | 'orders.place'>;
  title: string;
  /** The accessible name of the loading block, e.g. "Loading your domains". */
  loadingLabel: string;
  /** What the page is, as the start of the refusal: "Domains and their lists are". */
  what: string;
  children: ReactNode;
}) {
  return (
    <RequiresPermission
      permission={permission}
      header={<PageHeader title={title} />}
      loadingLabel={loadingLabel}
      refusal={<BuyingRefusal what={what} />}
    >
      {() => children}
    </RequiresPermission>
  );
}
