import { useEffect, useState, type ComponentType } from 'react';
import { loadOnce } from '#src/components/mounted-on-use.tsx';
import { hasWaitingOutboxEntries } from '#src/lib/outbox.ts';

const loadSync = loadOnce(() => import('./offline-changes-sync.tsx'));

/**
 * Sends what the buyer changed offline (decision 157). The code that sends each kind of change,
 * with the features' requests and schemas, loads only once something waits in the outbox on this
 * device: when the app starts, and whenever the connection returns. Until then nothing of it is
 * in the page. Once loaded it stays mounted and sends on every return of the connection itself.
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
    void check();
    window.addEventListener('online', check);
    return () => {
      isActive = false;
      window.removeEventListener('online', check);
    };
  }, [Sync]);

  return Sync ? <Sync /> : null;
}
