import { useQuery } from '@tanstack/react-query';
import { cx } from '#src/utils/class-names.ts';
import { cartQueries } from '../api/queries.ts';

/** How many articles of each site are in the cart, by site id. */
export function useCartSiteCounts(): ReadonlyMap<string, number> {
  const query = useQuery({
    ...cartQueries.sites(),
    select: (sites) => new Map(sites.data.map((site) => [site.id, site.items_amount])),
  });
  return query.data ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, number> = new Map();

/** The buy button of a catalogue row; once the site is in the cart it shows the count, "+1". */
export function BuyButton({
  site,
  onBuy,
}: {
  site: { id: string; hostname: string };
  onBuy: () => void;
}) {
  const count = useCartSiteCounts().get(site.id) ?? 0;
  return (
    <button
      type="button"
      onClick={onBuy}
      className={cx(
        'relative inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-3 py-1 text-sm font-medium text-white shadow-sm hover:bg-indigo-500',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
      )}
    >
      Buy
      <span className="sr-only"> an article on {site.hostname}</span>
      {count > 0 ? (
        <span className="rounded-full bg-white px-1.5 text-xs font-semibold text-indigo-700">
          +{count}
          <span className="sr-only"> in cart</span>
        </span>
      ) : null}
    </button>
  );
}
