import { QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';

import { NetworkError } from './api-client.ts';
import { keepingLastAnswers, persistOptions } from './persister.ts';

function memoryPersister(): Persister & { stored: () => PersistedClient | undefined } {
  let stored: PersistedClient | undefined;
  return {
    stored: () => stored,
    persistClient: (client) => {
      stored = structuredClone(client);
    },
    restoreClient: () => stored,
    removeClient: () => {
      stored = undefined;
    },
  };
}

/** The persist package pins an older query-core than react-query's; the client is the same. */
type PersistableClient = Parameters<typeof persistQueryClientSave>[0]['queryClient'];
const persistable = (client: QueryClient) => client as unknown as PersistableClient;

const PROFILE_KEY = ['buyer', 'profile', 'detail'];
const offline = () => Promise.reject(new NetworkError(new TypeError('Failed to fetch')));

async function clientWithFailedRefresh(): Promise<QueryClient> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.fetchQuery({ queryKey: PROFILE_KEY, queryFn: () => ({ first_name: 'Emma' }) });
  await client
    .fetchQuery({ queryKey: PROFILE_KEY, queryFn: offline, staleTime: 0 })
    .catch(() => undefined);
  return client;
}

async function saveAndRestore(from: QueryClient, persister: Persister): Promise<QueryClient> {
  const options = { ...persistOptions, persister };
  await persistQueryClientSave({ ...options, queryClient: persistable(from) });
  const restored = new QueryClient();
  await persistQueryClientRestore({ ...options, queryClient: persistable(restored) });
  return restored;
}

describe('persisted query cache', () => {
  it('keeps the last answer of a query whose refresh failed offline, as an answer', async () => {
    const before = await clientWithFailedRefresh();
    expect(before.getQueryState(PROFILE_KEY)?.status).toBe('error');

    const restored = await saveAndRestore(before, keepingLastAnswers(memoryPersister()));

    expect(restored.getQueryData(PROFILE_KEY)).toEqual({ first_name: 'Emma' });
    const state = restored.getQueryState(PROFILE_KEY);
    expect(state?.status).toBe('success');
    expect(state?.error).toBeNull();
  });

  it('survives a second reload: what was restored offline is stored again', async () => {
    const persister = keepingLastAnswers(memoryPersister());
    const first = await saveAndRestore(await clientWithFailedRefresh(), persister);
    await first
      .fetchQuery({ queryKey: PROFILE_KEY, queryFn: offline, staleTime: 0, retry: false })
      .catch(() => undefined);

    const second = await saveAndRestore(first, persister);

    expect(second.getQueryData(PROFILE_KEY)).toEqual({ first_name: 'Emma' });
  });

  it('stores neither failures without data nor queries marked not to persist', async () => {
    const inner = memoryPersister();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery({ queryKey: ['failed'], queryFn: offline }).catch(() => undefined);
    await client.fetchQuery({
      queryKey: ['avatar'],
      queryFn: () => 'image',
      meta: { persist: false },
    });
    await client.fetchQuery({ queryKey: ['kept'], queryFn: () => 'kept' });

    await persistQueryClientSave({
      ...persistOptions,
      persister: keepingLastAnswers(inner),
      queryClient: persistable(client),
    });

    const keys = inner.stored()?.clientState.queries.map((query) => query.queryKey);
    expect(keys).toEqual([['kept']]);
  });
});
