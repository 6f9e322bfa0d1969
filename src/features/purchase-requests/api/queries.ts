import { queryOptions } from '@tanstack/react-query';

import type { PurchaseRequestQuery } from '#contract/purchase-requests.ts';

import { fetchPurchaseRequests } from './requests.ts';

type View = NonNullable<PurchaseRequestQuery['view']>;

export const purchaseRequestQueries = {
  all: () => ['buyer', 'purchase-requests'] as const,
  list: (view: View) =>
    queryOptions({
      queryKey: [...purchaseRequestQueries.all(), 'list', view] as const,
      queryFn: ({ signal }) => fetchPurchaseRequests(view, signal),
    }),
};
