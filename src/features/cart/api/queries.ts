import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { type CartPage, fetchCartItems, fetchCartSites, fetchContentPlans } from './requests.ts';

/**
 * Query keys of the cart. Everything that depends on the cart's content lives under
 * `['buyer', 'shopping-carts']`, so one invalidation refreshes lists, totals and payment methods.
 */
export const cartQueries = {
  all: () => ['buyer', 'shopping-carts'] as const,
  /** Every loaded page of the cart's items. */
  itemPages: () => [...cartQueries.all(), 'items'] as const,
  items: (page: CartPage) =>
    queryOptions({
      queryKey: [...cartQueries.itemPages(), page] as const,
      queryFn: ({ signal }) => fetchCartItems(page, signal),
      placeholderData: keepPreviousData,
    }),
  sites: () =>
    queryOptions({
      queryKey: [...cartQueries.all(), 'sites'] as const,
      queryFn: ({ signal }) => fetchCartSites(signal),
    }),
  plans: () =>
    queryOptions({
      queryKey: ['common', 'reference', 'content-product-plans'] as const,
      queryFn: ({ signal }) => fetchContentPlans(signal),
      staleTime: 60 * 60 * 1000,
    }),
};
