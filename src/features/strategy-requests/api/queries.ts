import { queryOptions } from '@tanstack/react-query';

import { fetchStrategyRequests } from './requests.ts';

export const strategyRequestQueries = {
  all: () => ['buyer', 'strategy-requests'] as const,
  list: () =>
    queryOptions({
      queryKey: [...strategyRequestQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => fetchStrategyRequests(signal),
    }),
};
