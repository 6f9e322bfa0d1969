import { queryOptions } from '@tanstack/react-query';
import { fetchBuyerProfile } from './requests.ts';

export const profileQueries = {
  all: () => ['buyer', 'profile'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'detail'] as const,
      queryFn: ({ signal }) => fetchBuyerProfile(signal),
      staleTime: 5 * 60_000,
    }),
};
