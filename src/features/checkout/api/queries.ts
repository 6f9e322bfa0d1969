import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchCartDefaults, fetchCountries, fetchPaymentMethods } from './requests.ts';

/**
 * The totals and the payment methods depend on the cart's content, so they live under the cart's
 * key prefix `['buyer', 'shopping-carts']`: every change to the cart refreshes them.
 */
export const checkoutQueries = {
  defaults: (company: string | null) =>
    queryOptions({
      queryKey: ['buyer', 'shopping-carts', 'defaults', company] as const,
      queryFn: ({ signal }) => fetchCartDefaults(company, signal),
      placeholderData: keepPreviousData,
    }),
  paymentMethods: (company: string | null) =>
    queryOptions({
      queryKey: ['buyer', 'shopping-carts', 'payment-methods', company] as const,
      queryFn: ({ signal }) => fetchPaymentMethods(company, signal),
      placeholderData: keepPreviousData,
    }),
  countries: () =>
    queryOptions({
      queryKey: ['common', 'reference', 'countries'] as const,
      queryFn: ({ signal }) => fetchCountries(signal),
      staleTime: 60 * 60 * 1000,
    }),
};
