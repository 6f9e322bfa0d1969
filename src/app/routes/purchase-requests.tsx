import { PageHeader } from '#src/components/page-header.tsx';
import { PurchaseRequestList } from '#src/features/purchase-requests/components/purchase-request-list.tsx';

/** Purchase requests waiting for the decision of an Owner or Admin (decision 204), pending first. */
export function Component() {
  return (
    <>
      <PageHeader
        title="Purchase requests"
        description="Orders over a Buyer's monthly limit. Prices are in euro and exclude VAT."
      />
      <PurchaseRequestList view="to_decide" headingLevel={2} />
    </>
  );
}
