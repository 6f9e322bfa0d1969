import type { CartDefaults } from '#contract/cart.ts';
import { VAT_TREATMENT_LABELS } from '#contract/vat.ts';
import { formatMoney, formatPercent } from '#src/utils/format.ts';

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
