import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import type { PurchaseRequest } from '#contract/purchase-requests.ts';
import { buttonClasses } from '#src/components/button.tsx';
import { Card } from '#src/components/card.tsx';
import { CheckCircleIcon } from '#src/components/icons.tsx';
import { paths } from '#src/config/paths.ts';
import { formatMoney } from '#src/utils/format.ts';

/** The cart went for approval (decision 204): what was sent and where to follow it. */
export function RequestSent({ request }: { request: PurchaseRequest }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="mx-auto max-w-xl p-6 text-center">
      <CheckCircleIcon className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
      <h1 ref={heading} tabIndex={-1} className="mt-3 text-xl font-semibold text-slate-900">
        Purchase request {request.number} was sent for approval
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {request.items_amount} article(s), {formatMoney(request.price)} excl. VAT. Your company’s
        Owners and Admins were told; the order is placed once one of them approves it.
      </p>
      <Link to={paths.orders} className={buttonClasses('primary', 'md', 'mt-6')}>
        Follow it in Orders
      </Link>
    </Card>
  );
}
