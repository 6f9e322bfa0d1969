import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

import { hostnameToUnicode } from '#contract/idna.ts';
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

/** How many articles of one site are in the cart. */
function useCartSiteCount(siteId: string): number {
  const select = useCallback(
    (sites: { data: { id: string; items_amount: number }[] }) =>
      sites.data.find((site) => site.id === siteId)?.items_amount ?? 0,
    [siteId],
  );
  return useQuery({ ...cartQueries.sites(), select }).data ?? 0;
}

/** The buy button of a catalogue row; once the site is in the cart it shows the count, "+1". */
export function BuyButton({
  site,
  onBuy,
}: {
  site: { id: string; hostname: string };
  onBuy: () => void;
}) {
  // Only this site's count: a cart change re-renders the buttons whose count changed, not all.
  const count = useCartSiteCount(site.id);
  return (
    <button
      type="button"
      onClick={onBuy}
      className={cx(
        'relative inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-3 py-1 text-sm font-medium text-white shadow-sm hover:bg-indigo-700',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
      )}
    >
      Buy
      <span className="sr-only"> an article on {hostnameToUnicode(site.hostname)}</span>
      {count > 0 ? (
        <span className="rounded-full bg-white px-1.5 text-xs font-semibold text-indigo-700">
          +{count}
          <span className="sr-only"> in cart</span>
        </span>
      ) : null}
    </button>
  );
}
