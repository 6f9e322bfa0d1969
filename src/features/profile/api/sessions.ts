import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { type ActiveSessionList, sessionEndpoints as endpoints } from '#contract/sessions.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function fetchSessions(signal?: AbortSignal): Promise<ActiveSessionList> {
  return apiClient.call(endpoints.list, { signal });
}

export const sessionQueries = {
  all: () => ['profile', 'sessions'] as const,
  /** Where the buyer is signed in: read fresh each time, never kept on the device. */
  list: () =>
    queryOptions({
      queryKey: sessionQueries.all(),
      queryFn: ({ signal }) => fetchSessions(signal),
      staleTime: 0,
      meta: { persist: false },
    }),
};

/** Signs out one session (another device); the list is read again afterwards. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'sessions', 'end'],
    mutationFn: (id: string) => apiClient.call(endpoints.end, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueries.all() }),
    meta: { successMessage: 'That device has been signed out.' },
  });
}

/** Signs out every session but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'sessions', 'end-others'],
    mutationFn: () => apiClient.call(endpoints.endOthers, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueries.all() }),
    meta: { successMessage: 'Your other devices have been signed out.' },
  });
}
