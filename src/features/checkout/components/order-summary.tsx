import { type CartDefaults, isOverMonthlyLimit, type Spending } from '#contract/cart.ts';
import { VAT_TREATMENT_LABELS } from '#contract/vat.ts';
import { formatMoney, formatPercent } from '#src/utils/format.ts';

export const FOR_APPROVAL_MESSAGE =
  'This order goes over your monthly limit: it will be sent to your company’s Owners and Admins for approval.';

/** A Buyer's monthly limit, what they spent of it this month and what waits for approval. */
export function SpendingLine({ spending }: { spending: Spending }) {
  return (
    <p className="text-sm text-slate-600" data-testid="monthly-limit">
      Monthly limit {formatMoney(spending.monthly_limit)} excl. VAT · spent{' '}
      {formatMoney(spending.spent_this_month)} · waiting for approval{' '}
      {formatMoney(spending.waiting_for_approval)}
    </p>
  );
}

/** Whether the cart goes to approval rather than being ordered (decision 204). */
export function needsApproval(defaults: CartDefaults): boolean {
  return isOverMonthlyLimit(defaults.spending, defaults.total_price);
}

/** The monthly limit and, over it, that the order will be sent for approval. */
export function SpendingSummary({ defaults }: { defaults: CartDefaults }) {
  if (!defaults.spending) return null;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <SpendingLine spending={defaults.spending} />
      {needsApproval(defaults) ? (
        <p className="text-sm font-medium text-amber-800">{FOR_APPROVAL_MESSAGE}</p>
      ) : null}
    </div>
  );
}

/** Amount, content, VAT and the total with VAT of the cart (spec §2 "Checkout"). */
export function OrderSummary({ defaults }: { defaults: CartDefaults }) {
  const vatLabel = VAT_TREATMENT_LABELS[defaults.vat_treatment];
  const rows: [string, string][] = [
    ['Amount', formatMoney(defaults.price)],
    ['Content', formatMoney(defaults.content_price)],
    [`${vatLabel} (${formatPercent(defaults.vat_rate)})`, formatMoney(defaults.vat)],
  ];
  return (
    <dl className="space-y-2 text-sm" aria-label="Order summary">
      <div className="flex justify-between gap-4 text-slate-600">
        <dt>Articles</dt>
        <dd className="tabular-nums">{defaults.items_amount}</dd>
      </div>
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 text-slate-600">
          <dt>{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
        <dt>Total with VAT</dt>
        <dd className="tabular-nums" data-testid="total-with-vat">
          {formatMoney(defaults.total_price_with_vat)}
        </dd>
      </div>
    </dl>
  );
}
