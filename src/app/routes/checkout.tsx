import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Order } from '#contract/orders.ts';
import { PageHeader } from '#src/components/page-header.tsx';
import {
  CART_PAGE_LIMIT,
  CartItemsSection,
} from '#src/features/cart/components/cart-items-section.tsx';
import { useCartChecks } from '#src/features/cart/hooks/use-cart-checks.ts';
import { CheckoutPanel } from '#src/features/checkout/components/checkout-panel.tsx';
import { OrderPlaced } from '#src/features/checkout/components/order-placed.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Checkout (spec §2): the cart's rows, billing, payment and the order; then its confirmation. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const isOnline = useOnlineStatus();
  const [placed, setPlaced] = useState<Order | null>(null);
  const page = pageOf(params);

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
  const { rowErrors, clearFieldError, checkCart } = useCartChecks({ onErrorAt });

  if (placed) return <OrderPlaced order={placed} />;

  return (
    <>
      <PageHeader title="Checkout" description="Prices are in euro and exclude VAT." />
      <div className="space-y-6">
        <CartItemsSection
          page={page}
          onPageChange={goToPage}
          rowErrors={rowErrors}
          onFieldEdited={clearFieldError}
        />
        <CheckoutPanel isOnline={isOnline} checkCart={checkCart} onPlaced={setPlaced} />
      </div>
    </>
  );
}
