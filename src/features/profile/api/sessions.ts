import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ActiveSessionListSchema, type ActiveSessionList } from '#contract/sessions.ts';
import { apiClient } from '#src/lib/api-client.ts';

const SESSIONS_PATH = '/v1/common/profiles/sessions';

export function fetchSessions(signal?: AbortSignal): Promise<ActiveSessionList> {
  return apiClient.request(SESSIONS_PATH, { schema: ActiveSessionListSchema, signal });
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
    mutationFn: (id: string) =>
      apiClient.request(`${SESSIONS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueries.all() }),
    meta: { successMessage: 'That device has been signed out.' },
  });
}

/** Signs out every session but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'sessions', 'end-others'],
    mutationFn: () => apiClient.request(`${SESSIONS_PATH}/others`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueries.all() }),
    meta: { successMessage: 'Your other devices have been signed out.' },
  });
}
