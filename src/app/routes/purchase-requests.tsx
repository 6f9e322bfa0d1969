import { Link } from 'react-router';

import { PageHeader } from '#src/components/page-header.tsx';
import { paths } from '#src/config/paths.ts';
import { useMemberRole } from '#src/features/profile/api/queries.ts';
import { RequiresPermission } from '#src/features/profile/components/requires-permission.tsx';
import { PurchaseRequestList } from '#src/features/purchase-requests/components/purchase-request-list.tsx';

const header = (
  <PageHeader
    title="Purchase requests"
    description="Orders over a Buyer's monthly limit. Prices are in euro and exclude VAT."
  />
);

/** Purchase requests waiting for the decision of an Owner or Admin (decision 204), pending first. */
export function Component() {
  return (
    <RequiresPermission
      permission="purchases.approve"
      header={header}
      loadingLabel="Loading purchase requests"
      refusal={<Refusal />}
    >
      {() => (
        <>
          {header}
          <PurchaseRequestList view="to_decide" headingLevel={2} />
        </>
      )}
    </RequiresPermission>
  );
}

/** An Owner or Admin decides; a Buyer follows their own requests with their orders. */
function Refusal() {
  const { can } = useMemberRole();
  return (
    <>
      Only an Owner or an Admin of the company approves or declines purchase requests.
      {can('orders.place') ? (
        <>
          {' '}
          Yours are listed with your{' '}
          <Link to={paths.orders} className="font-medium underline underline-offset-2">
            orders
          </Link>
          .
        </>
      ) : null}
    </>
  );
}
