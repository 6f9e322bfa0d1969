/**
 * Persists the query cache to IndexedDB so the last known data shows at once, also offline.
 * The buster is the build id: a new build discards caches whose shape may have changed.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
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

export const queryPersister = createAsyncStoragePersister({
  storage: dexieStorage,
  key: QUERY_CACHE_KEY,
  throttleTime: 1000,
});

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  buster: BUILD_ID,
  maxAge: QUERY_CACHE_MAX_AGE_MS,
  dehydrateOptions: {
    // Only answers the server gave; errors and pending states would restore as stale failures.
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && query.meta?.persist !== false,
    shouldDehydrateMutation: () => false,
  },
};

/** Drops the persisted cache (used on logout: it holds the previous user's data). */
export async function removePersistedQueryCache(): Promise<void> {
  await queryPersister.removeClient();
}
