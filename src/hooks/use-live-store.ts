import { type DependencyList, useEffect, useState } from 'react';

import type { BuyerPortalDatabase } from '#src/lib/db.ts';
import type * as LiveStoreModule from '#src/lib/live-store.ts';

type LiveStore = typeof LiveStoreModule;

let liveStore: LiveStore | undefined;

/** Loads Dexie's live queries and the database once; later reads subscribe at once. */
export async function loadLiveStore(): Promise<LiveStore> {
  liveStore ??= await import('#src/lib/live-store.ts');
  return liveStore;
}

/**
 * A value read from IndexedDB and kept current as the tables it read change, in this tab or
 * another (Dexie's `liveQuery`). Dexie loads with the first such read, after the page's first
 * render (decision 152); until the first answer the hook returns `initial`. `read` gets the
 * database and must await only Dexie's own promises, so Dexie can see which tables it reads.
 */
export function useLiveStore<T>(
  read: (db: BuyerPortalDatabase) => Promise<T>,
  deps: DependencyList,
  initial: T,
): T {
  const [value, setValue] = useState<T>(initial);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let isCurrent = true;
    let subscription: { unsubscribe: () => void } | undefined;
    const subscribe = ({ liveQuery, db }: LiveStore) => {
      if (!isCurrent) return;
      subscription = liveQuery(() => read(db)).subscribe({
        next: (next) => setValue(() => next),
        error: (failure: unknown) => setError(() => failure),
      });
    };
    if (liveStore) subscribe(liveStore);
    else
      loadLiveStore().then(subscribe, (failure: unknown) => isCurrent && setError(() => failure));
    return () => {
      isCurrent = false;
      subscription?.unsubscribe();
    };
    // The caller names what `read` depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  if (error) throw error;
  return value;
}
