import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import type { Order, PaymentInstructions } from '#contract/orders.ts';
import { buttonClasses } from '#src/components/button.tsx';
import { Card } from '#src/components/card.tsx';
import { CheckCircleIcon } from '#src/components/icons.tsx';
import { ErrorState, LoadingState } from '#src/components/state-blocks.tsx';
import { paths } from '#src/config/paths.ts';
import { orderQueries } from '#src/features/orders/api/queries.ts';
import { formatDate, formatMoney } from '#src/utils/format.ts';

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00", as banks print it. */
function groupedIban(iban: string): string {
  const groups: string[] = [];
  for (let index = 0; index < iban.length; index += 4) groups.push(iban.slice(index, index + 4));
  return groups.join(' ');
}

/** The bank transfer the order waits for: what the invoice asks, to type into a banking app. */
function BankTransferDetails({ instructions }: { instructions: PaymentInstructions }) {
  const rows: [string, string][] = [
    ['Account holder', instructions.account_holder],
    ...(instructions.iban
      ? ([
          ['IBAN', groupedIban(instructions.iban)],
          ...(instructions.bic ? [['BIC', instructions.bic] as [string, string]] : []),
        ] as [string, string][])
      : ([['Bank account', instructions.bank_account]] as [string, string][])),
    ['Amount', formatMoney(instructions.amount)],
    ['Payment reference', instructions.reference],
    ['Pay by', formatDate(instructions.due_date)],
  ];
  return (
    <section
      aria-labelledby="bank-transfer-heading"
      className="mt-6 rounded-lg bg-slate-50 p-4 text-left"
    >
      <h2 id="bank-transfer-heading" className="text-base font-semibold text-slate-900">
        Pay by bank transfer
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Transfer the amount to this account, quoting the payment reference, so that the payment is
        matched to your order. Work on your articles starts once it arrives.
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0 sm:contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium break-words text-slate-900 tabular-nums select-all">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The page after a successful order: its number and where to go next. */
export function OrderPlaced({ order }: { order: Order }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The success page replaces the checkout at the same path, so neither the route's own focus
  // move nor its scroll to the top happens: the Order now button, far down a phone's checkout, is
  // gone, and the buyer starts again from this heading, at the top of the page.
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Card className="mx-auto max-w-lg p-8 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CheckCircleIcon className="size-6" />
      </div>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-xl font-semibold text-slate-900 focus:outline-none"
      >
        Your order has been placed
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Order number <span className="font-semibold text-slate-900">{order.number}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {order.links_amount} {order.links_amount === 1 ? 'article' : 'articles'} ·{' '}
        {formatMoney(order.price_with_vat)} with VAT
      </p>
      {order.payment_instructions ? (
        <BankTransferDetails instructions={order.payment_instructions} />
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to={paths.index} className={buttonClasses('secondary')}>
          Continue shopping
        </Link>
        <Link to={paths.orders} className={buttonClasses('secondary')}>
          Go to orders
        </Link>
        <Link to={paths.order(order.id)} className={buttonClasses('primary')}>
          View order {order.number}
        </Link>
      </div>
    </Card>
  );
}

/** The success page read from its address: the order comes from the cache, or is fetched again. */
export function PlacedOrder({ id }: { id: string }) {
  const query = useQuery(orderQueries.detail(id));
  if (query.isPending) return <LoadingState label="Loading your order…" />;
  if (!query.data) {
    return <ErrorState message={query.error?.message} onRetry={() => void query.refetch()} />;
  }
  return <OrderPlaced order={query.data} />;
}
