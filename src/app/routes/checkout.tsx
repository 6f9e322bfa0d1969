import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

import type { Order } from '#contract/orders.ts';
import type { PurchaseRequest } from '#contract/purchase-requests.ts';
import { useCheckout } from '#src/app/hooks/use-checkout.ts';
import { ErrorSummary } from '#src/components/error-summary.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import {
  CART_PAGE_LIMIT,
  CartItemsSection,
} from '#src/features/cart/components/cart-items-section.tsx';
import { CheckoutPanel } from '#src/features/checkout/components/checkout-panel.tsx';
import { PlacedOrder } from '#src/features/checkout/components/order-placed.tsx';
import { RequestSent } from '#src/features/checkout/components/request-sent.tsx';
import { orderQueries } from '#src/features/orders/api/queries.ts';

import { BuyingPage } from '../buying-page.tsx';

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The query parameter naming the order just placed: the success page has its own address. */
const PLACED_PARAM = 'placed';

/**
 * Checkout (spec §2): the cart's rows, billing, payment and the order; then its confirmation at
 * `/checkout?placed=<order id>`, which survives a reload and links to the order.
 */
export function Component() {
  const [params] = useSearchParams();
  const placedId = params.get(PLACED_PARAM);
  // The cart and the order both need a role that buys: Finance and Viewer are told so instead.
  return (
    <BuyingPage
      permission="orders.place"
      title="Checkout"
      loadingLabel="Loading the checkout"
      what="The cart and the checkout are"
    >
      {placedId ? <PlacedOrder id={placedId} /> : <Checkout page={pageOf(params)} />}
    </BuyingPage>
  );
}

/** The checkout itself: one flow (`useCheckout`), shown as the error summary, the cart and the form. */
function Checkout({ page }: { page: number }) {
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();

  const onPlaced = useCallback(
    (order: Order) => {
      queryClient.setQueryData(orderQueries.detail(order.id).queryKey, order);
      // Replaces the checkout entry: Back leads to where the buyer was before checking out.
      setParams({ [PLACED_PARAM]: order.id }, { replace: true });
    },
    [queryClient, setParams],
  );

  const goToPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next <= 1) copy.delete('page');
          else copy.set('page', String(next));
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onErrorAt = useCallback(
    (position: number) => goToPage(Math.floor(position / CART_PAGE_LIMIT) + 1),
    [goToPage],
  );
  const [requested, setRequested] = useState<PurchaseRequest | null>(null);
  const checkout = useCheckout({ onPlaced, onRequested: setRequested, onErrorAt });
  if (requested) return <RequestSent request={requested} />;

  return (
    <>
      <PageHeader title="Checkout" description="Prices are in euro and exclude VAT." />
      <div className="space-y-6">
        {/* The error summary of a failed order goes above the cart, where the page begins. */}
        <ErrorSummary {...checkout.summary} />
        <CartItemsSection page={page} onPageChange={goToPage} {...checkout.rows} />
        <CheckoutPanel checkout={checkout} />
      </div>
    </>
  );
}
