// A money amount of an order or item as the page writes it: "€1,234.50", or a dash read out as
// "Price hidden" where the server left it out for a Viewer (decision 206), never "€0.00".
import { formatMoney } from '#src/utils/format.ts';

export const PRICE_HIDDEN_LABEL = 'Price hidden';

export function MoneyText({ value }: { value: string | null }) {
  if (value !== null) return formatMoney(value);
  return (
    <span title={PRICE_HIDDEN_LABEL}>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{PRICE_HIDDEN_LABEL}</span>
    </span>
  );
}
