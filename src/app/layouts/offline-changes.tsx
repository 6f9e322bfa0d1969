import { type ComponentType, useEffect, useState } from 'react';

import { loadOnce } from '#src/components/mounted-on-use.tsx';
import { subscribeConnection } from '#src/lib/connection.ts';
import { hasWaitingOutboxEntries, onOutboxEntry } from '#src/lib/outbox.ts';

const loadSync = loadOnce(() => import('./offline-changes-sync.tsx'));

/**
 * Sends what the buyer changed offline (decision 157). The code that sends each kind of change,
 * with the features' requests and schemas, loads only once something waits in the outbox on this
 * device: when the app starts, as soon as a change is kept, and on focus or a return of the
 * connection. Until then nothing of it is in the page. Once loaded it stays mounted and keeps
 * sending by itself (decision 176).
 */
export function OfflineChanges() {
  const [Sync, setSync] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (Sync) return;
    let isActive = true;
    const check = async () => {
      try {
        if (!(await hasWaitingOutboxEntries())) return;
        const { OfflineChangesSync } = await loadSync();
        if (isActive) setSync(() => OfflineChangesSync);
      } catch {
        // Nothing is lost: the entries stay on this device and the next return of the
        // connection looks again.
      }
    };
    const onKept = () => void check();
    void check();
    const stopKept = onOutboxEntry(onKept);
    const stopConnection = subscribeConnection(onKept);
    window.addEventListener('online', onKept);
    window.addEventListener('focus', onKept);
    return () => {
      isActive = false;
      stopKept();
      stopConnection();
      window.removeEventListener('online', onKept);
      window.removeEventListener('focus', onKept);
    };
  }, [Sync]);

  return Sync ? <Sync /> : null;
}
