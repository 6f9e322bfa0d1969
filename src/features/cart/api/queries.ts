import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  fetchBuyerDomains,
  fetchCartItems,
  fetchCartSites,
  fetchContentPlans,
  fetchSiteDetail,
  type CartPage,
} from './requests.ts';

/** The buyer's domains, enough of them for a selector. */
const DOMAIN_LIMIT = 100;

/**
 * Query keys of the cart. Everything that depends on the cart's content lives under
 * `['buyer', 'shopping-carts']`, so one invalidation refreshes lists, totals and payment methods.
 */
export const cartQueries = {
  all: () => ['buyer', 'shopping-carts'] as const,
  items: (page: CartPage) =>
    queryOptions({
      queryKey: [...cartQueries.all(), 'items', page] as const,
      queryFn: ({ signal }) => fetchCartItems(page, signal),
      placeholderData: keepPreviousData,
    }),
  sites: () =>
    queryOptions({
      queryKey: [...cartQueries.all(), 'sites'] as const,
      queryFn: ({ signal }) => fetchCartSites(signal),
    }),
  site: (id: string) =>
    queryOptions({
      queryKey: ['buyer', 'sites', 'detail', id, null] as const,
      queryFn: ({ signal }) => fetchSiteDetail(id, signal),
    }),
  plans: () =>
    queryOptions({
      queryKey: ['common', 'reference', 'content-product-plans'] as const,
      queryFn: ({ signal }) => fetchContentPlans(signal),
      staleTime: 60 * 60 * 1000,
    }),
  domains: () =>
    queryOptions({
      queryKey: ['buyer', 'domains', 'list', { page: 1, limit: DOMAIN_LIMIT }] as const,
      queryFn: ({ signal }) => fetchBuyerDomains({ page: 1, limit: DOMAIN_LIMIT }, signal),
    }),
};
