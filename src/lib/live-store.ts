// Loaded on first use by `useLiveStore` (src/hooks/use-live-store.ts), with Dexie.
export { liveQuery } from 'dexie';
export { db } from './db.ts';
