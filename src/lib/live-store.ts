// Loaded on first use by `useLiveStore` (src/hooks/use-live-store.ts), with Dexie.
export { db } from './db.ts';
export { liveQuery } from 'dexie';
