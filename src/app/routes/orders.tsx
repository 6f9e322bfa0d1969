import { OrdersSection } from '#src/features/orders/components/orders-section.tsx';
import { useMemberRole } from '#src/features/profile/api/queries.ts';
import { PurchaseRequestList } from '#src/features/purchase-requests/components/purchase-request-list.tsx';
import { SavedViewsMenu } from '#src/features/saved-views/components/saved-views-menu.tsx';

export function Component() {
  // Purchase requests are made at checkout: a role that cannot order has none to follow.
  const { can } = useMemberRole();
  return (
    <>
      <OrdersSection SavedViewsMenu={SavedViewsMenu} />
      {can('orders.place') ? <PurchaseRequestsSection /> : null}
    </>
  );
}

function PurchaseRequestsSection() {
  return (
    <section aria-labelledby="my-purchase-requests" className="mt-8 space-y-3">
      <h2 id="my-purchase-requests" className="text-lg font-semibold text-slate-900">
        Your purchase requests
      </h2>
      <PurchaseRequestList view="mine" headingLevel={3} />
    </section>
  );
}
