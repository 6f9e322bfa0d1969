import type { BuyerPortalDatabase } from './db.ts';

let opened: Promise<BuyerPortalDatabase> | undefined;

/**
 * The app's IndexedDB database, loaded with Dexie on first use: no page needs it to draw its
 * first screen, so it stays out of every page's first load (decision 152). Readers and writers
 * await it; a live read (`useLiveStore`) is handed it instead, so its query awaits nothing but
 * Dexie. A failed load is tried again by the next caller.
 */
export function openDatabase(): Promise<BuyerPortalDatabase> {
  opened ??= import('./db.ts').then(
    (module) => module.db,
    (error: unknown) => {
      opened = undefined;
      throw error;
    },
  );
  return opened;
}
