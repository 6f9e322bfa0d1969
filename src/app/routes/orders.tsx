import { OrdersSection } from '#src/features/orders/components/orders-section.tsx';
import { PurchaseRequestList } from '#src/features/purchase-requests/components/purchase-request-list.tsx';
import { SavedViewsMenu } from '#src/features/saved-views/components/saved-views-menu.tsx';

export function Component() {
  return (
    <>
      <OrdersSection SavedViewsMenu={SavedViewsMenu} />
      <section aria-labelledby="my-purchase-requests" className="mt-8 space-y-3">
        <h2 id="my-purchase-requests" className="text-lg font-semibold text-slate-900">
          Your purchase requests
        </h2>
        <PurchaseRequestList view="mine" />
      </section>
    </>
  );
}
