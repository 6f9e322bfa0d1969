import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { cartQueries } from '#src/features/cart/api/queries.ts';

import { fetchCartDefaults, fetchPaymentMethods } from './requests.ts';

/**
 * The totals and the payment methods depend on the cart's content, so they live under the cart's
 * key prefix (`cartQueries.all()`): every change to the cart refreshes them.
 */
export const checkoutQueries = {
  defaults: (company: string | null) =>
    queryOptions({
      queryKey: [...cartQueries.all(), 'defaults', company] as const,
      queryFn: ({ signal }) => fetchCartDefaults(company, signal),
      placeholderData: keepPreviousData,
    }),
  paymentMethods: (company: string | null) =>
    queryOptions({
      queryKey: [...cartQueries.all(), 'payment-methods', company] as const,
      queryFn: ({ signal }) => fetchPaymentMethods(company, signal),
      placeholderData: keepPreviousData,
    }),
};
