import { Link } from 'react-router';

import { MEMBER_ROLE_LABELS } from '#contract/permissions.ts';
import { paths } from '#src/config/paths.ts';
import { useMemberRole } from '#src/features/profile/api/queries.ts';

const linkClass = 'font-medium underline underline-offset-2';

/**
 * Why a role that buys nothing (Finance, Viewer) does not use a buying page, and what it reads
 * instead: the refusal of the pages for the roles with `catalogue.use` or `orders.place`.
 */
export function BuyingRefusal({ what }: { what: string }) {
  const { role } = useMemberRole();
  return (
    <>
      {what} for the members who buy: Owners, Admins and Buyers.{' '}
      {role ? `As ${MEMBER_ROLE_LABELS[role]} of this company you` : 'You'} follow its{' '}
      <Link to={paths.orders} className={linkClass}>
        orders
      </Link>{' '}
      and{' '}
      <Link to={paths.linkMonitoring} className={linkClass}>
        live links
      </Link>
      .
    </>
  );
}
