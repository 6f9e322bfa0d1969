import { Link } from 'react-router';
import type { Order } from '#contract/orders.ts';
import { buttonClasses } from '#src/components/button.tsx';
import { Card } from '#src/components/card.tsx';
import { CheckCircleIcon } from '#src/components/icons.tsx';
import { paths } from '#src/config/paths.ts';
import { formatMoney } from '#src/utils/format.ts';

/** The page after a successful order: its number and where to go next. */
export function OrderPlaced({ order }: { order: Order }) {
  return (
    <Card className="mx-auto max-w-lg p-8 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CheckCircleIcon className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Your order has been placed</h1>
      <p className="mt-2 text-sm text-slate-600">
        Order number <span className="font-semibold text-slate-900">{order.number}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {order.links_amount} {order.links_amount === 1 ? 'article' : 'articles'} ·{' '}
        {formatMoney(order.price_with_vat)} with VAT
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to={paths.index} className={buttonClasses('secondary')}>
          Continue shopping
        </Link>
        <Link to={paths.orders} className={buttonClasses('primary')}>
          Go to orders
        </Link>
      </div>
    </Card>
  );
}
