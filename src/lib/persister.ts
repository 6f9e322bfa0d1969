/**
 * Persists the query cache to IndexedDB so the last known data shows at once, also offline.
 * The buster is the build id: a new build discards caches whose shape may have changed.
 *
 * A query whose refresh failed (offline, server down) still holds the server's last answer; it is
 * kept as that answer, not dropped: dropping it would make the next offline reload forget the
 * buyer's name, domains and companies (decision 093).
 *
 * This module (with Dexie under it) is loaded on demand by the app's query provider, never by the
 * first render: a signed-out visitor does not load it at all (decision 110).
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';

import { QUERY_CACHE_MAX_AGE_MS } from '../config/constants.ts';
import { BUILD_ID } from '../config/env.ts';
import { db } from './db.ts';

export const QUERY_CACHE_KEY = 'buyer-portal-query-cache';

const dexieStorage = {
  async getItem(key: string): Promise<string | null> {
    return (await db.queryCache.get(key))?.value ?? null;
  },
  async setItem(key: string, value: string): Promise<void> {
    await db.queryCache.put({ key, value, updatedAt: Date.now() });
  },
  async removeItem(key: string): Promise<void> {
    await db.queryCache.delete(key);
  },
};

type DehydratedQuery = PersistedClient['clientState']['queries'][number];

/**
 * What a query is stored as: its last answer. A failed refresh on top of it is a fact about that
 * moment's connection, not about the data; restored as an error it would hide the data it keeps.
 */
export function asLastAnswer(query: DehydratedQuery): DehydratedQuery {
  const { state } = query;
  if (state.status !== 'error' || state.data === undefined) return query;
  return {
    ...query,
    state: {
      ...state,
      status: 'success',
      error: null,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchStatus: 'idle',
    },
  };
}

/** Wraps a persister so every stored query is its last answer (see `asLastAnswer`). */
export function keepingLastAnswers(persister: Persister): Persister {
  return {
    persistClient: (client) =>
      persister.persistClient({
        ...client,
        clientState: {
          ...client.clientState,
          queries: client.clientState.queries.map(asLastAnswer),
        },
      }),
    restoreClient: () => persister.restoreClient(),
    removeClient: () => persister.removeClient(),
  };
}

/** Every query that holds an answer of the server, also one whose latest refresh failed. */
export function shouldPersistQuery(query: {
  state: { data: unknown };
  meta?: { persist?: boolean } | undefined;
}): boolean {
  return query.state.data !== undefined && query.meta?.persist !== false;
}

export const queryPersister: Persister = keepingLastAnswers(
  createAsyncStoragePersister({
    storage: dexieStorage,
    key: QUERY_CACHE_KEY,
    throttleTime: 1000,
  }),
);

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  buster: BUILD_ID,
  maxAge: QUERY_CACHE_MAX_AGE_MS,
  dehydrateOptions: {
    // Pending queries and failures without data would restore as stale failures.
    shouldDehydrateQuery: shouldPersistQuery,
    shouldDehydrateMutation: () => false,
  },
};

/** The persist package pins an older query-core than react-query's; the client is the same. */
type PersistableClient = PersistQueryClientOptions['queryClient'];

/** Restores the persisted cache into `queryClient`; an unreadable or outdated one is dropped. */
export async function restoreQueryCache(queryClient: QueryClient): Promise<void> {
  await persistQueryClientRestore({
    ...persistOptions,
    queryClient: queryClient as unknown as PersistableClient,
  });
}

/** Saves `queryClient` whenever its cache changes (throttled); returns the unsubscribe function. */
export function saveQueryCacheOnChange(queryClient: QueryClient): () => void {
  return persistQueryClientSubscribe({
    ...persistOptions,
    queryClient: queryClient as unknown as PersistableClient,
  });
}
