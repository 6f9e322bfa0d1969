import { queryOptions } from '@tanstack/react-query';

import type { PurchaseRequestQuery } from '#contract/purchase-requests.ts';

import { fetchPendingDecisions, fetchPurchaseRequests } from './requests.ts';

type View = NonNullable<PurchaseRequestQuery['view']>;

export const purchaseRequestQueries = {
  all: () => ['buyer', 'purchase-requests'] as const,
  list: (view: View) =>
    queryOptions({
      queryKey: [...purchaseRequestQueries.all(), 'list', view] as const,
      queryFn: ({ signal }) => fetchPurchaseRequests(view, signal),
    }),
  /** How many requests wait for the caller's decision; asked again every two minutes. */
  pendingDecisions: () =>
    queryOptions({
      queryKey: [...purchaseRequestQueries.all(), 'pending-decisions'] as const,
      queryFn: ({ signal }) => fetchPendingDecisions(signal),
      refetchInterval: 120_000,
    }),
};
