/**
 * The app's QueryClient. Failed writes and failed background refreshes are reported with a toast
 * here, once for the whole app; a mutation that shows its own error (a form) opts out through
 * `meta.errorToast = false`.
 */
import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';

import { toast } from '#src/lib/toast-store.ts';

import { QUERY_CACHE_MAX_AGE_MS } from '../config/constants.ts';
import { ApiError, NetworkError } from './api-client.ts';
import { isConnected, subscribeConnection } from './connection.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean };
    mutationMeta: { errorToast?: boolean; successMessage?: string };
  }
}

export const MUTATION_ERROR_TITLE = 'Uh oh! Something went wrong.';
export const MUTATION_ERROR_DESCRIPTION = 'There was a problem with your request.';
/** A write that is not kept for later and got no answer: it needs a connection (decision 176). */
export const NEEDS_CONNECTION_TITLE = 'This needs a connection';
export const NEEDS_CONNECTION_DESCRIPTION =
  'You are offline, so nothing was changed. Try again once you are back online.';

/** A 401 ends the session; that is shown by the sign-in page, not by a toast. */
function isSessionEnd(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

function describe(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return MUTATION_ERROR_DESCRIPTION;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // Only refreshes of data already on screen; a first load shows its error in place.
        if (query.state.data === undefined || isSessionEnd(error)) return;
        // No answer means offline: the offline banner says so, and the data on screen stays.
        if (error instanceof NetworkError) return;
        toast({
          title: 'Could not refresh data',
          description: describe(error),
          variant: 'destructive',
        });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => {
        if (mutation.meta?.errorToast === false || isSessionEnd(error)) return;
        if (error instanceof NetworkError) {
          toast({ title: NEEDS_CONNECTION_TITLE, description: NEEDS_CONNECTION_DESCRIPTION });
          return;
        }
        toast({
          title: MUTATION_ERROR_TITLE,
          description: describe(error),
          variant: 'destructive',
          action: {
            label: 'Try again',
            onClick: () => void mutation.execute(variables).catch(() => undefined),
          },
        });
      },
      onSuccess: (_data, _variables, _context, mutation) => {
        const message = mutation.meta?.successMessage;
        if (message) toast({ title: 'Success', description: message, variant: 'success' });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Must outlive the persisted cache's max age, or restored entries are collected at once.
        gcTime: QUERY_CACHE_MAX_AGE_MS,
        // The API client already retries transient answers once; errors the server chose are final.
        retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 1,
        refetchOnWindowFocus: true,
      },
      // A write is tried at once: one that is not kept in the outbox fails offline and says it
      // needs a connection, rather than waiting unseen to be sent later (decision 176).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient: QueryClient = createQueryClient();

/**
 * The query library assumes a connection until it hears an `offline` event, so a page loaded
 * without one would send every query, fail it and show errors over the saved data. Following
 * `isConnected()` (the browser's word, corrected by requests that got no answer) makes a reload
 * offline behave like going offline on an open page, also where the browser still says it is
 * online: queries wait for the connection and the restored data stays current (decisions 093,
 * 176).
 */
export function followBrowserConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(isConnected());
    return subscribeConnection(() => setOnline(isConnected()));
  });
}
