/**
 * The app's IndexedDB schema (Dexie). Only a feature's storage.ts reads or writes its tables; the
 * generic `outbox` table belongs to lib/outbox.ts, which every kind of queued write goes through.
 * A shipped version is never edited: schema changes are added as a new `this.version(n)` block.
 */
import { Dexie, type EntityTable } from 'dexie';

export const DATABASE_NAME = 'buyer-portal';

/** The persisted TanStack Query client, stored as the persister's serialized string. */
export interface QueryCacheRow {
  key: string;
  value: string;
  updatedAt: number;
}

/** A catalogue result page for one set of filters, shown while offline or before the network answers. */
export interface CataloguePageRow {
  key: string;
  data: unknown;
  savedAt: number;
}

export type SavedViewKind =
  | 'site_filters'
  | 'site_columns'
  | 'order_columns'
  | 'order_item_columns'
  | 'order_article_columns'
  | 'order_topic_columns';

export interface SavedViewRow {
  id: string;
  kind: SavedViewKind;
  name: string;
  state: unknown;
  updatedAt: number;
}

export type TrackedImportStatus = 'pending' | 'success' | 'failed' | 'fe-warning';

/** An upload whose server-side import is being polled; kept for a limited time to survive reloads. */
export interface TrackedImportRow {
  fileImportId: string;
  fileId: string;
  status: TrackedImportStatus;
  type: string;
  /** What the import fills, such as "example.com" or "Main rivals of example.com", for its toast. */
  subject?: string;
  createdAt: number;
}

/** A write made while offline, replayed later; the idempotency key makes a replay safe. */
export interface OutboxRow {
  id?: number;
  idempotencyKey: string;
  mutationKey: string;
  variables: unknown;
  createdAt: number;
  attempts: number;
  lastError: string | null;
  /**
   * Who made the write (the signed-in buyer's login): it is sent in their session only, never
   * in the next person's on this device. Entries kept before this was recorded have none.
   */
  owner?: string;
}

export class BuyerPortalDatabase extends Dexie {
  queryCache!: EntityTable<QueryCacheRow, 'key'>;
  cataloguePages!: EntityTable<CataloguePageRow, 'key'>;
  savedViews!: EntityTable<SavedViewRow, 'id'>;
  trackedImports!: EntityTable<TrackedImportRow, 'fileImportId'>;
  outbox!: EntityTable<OutboxRow, 'id'>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    this.version(1).stores({
      queryCache: 'key',
      cataloguePages: 'key, savedAt',
      savedViews: 'id, kind, updatedAt',
      trackedImports: 'fileImportId, fileId, type, createdAt',
      cartDrafts: 'siteId, updatedAt',
      outbox: '++id, &idempotencyKey, mutationKey, createdAt',
    });
    // Nothing ever wrote cart drafts here: lines added offline wait in the outbox instead.
    this.version(2).stores({ cartDrafts: null });
  }
}

/**
 * The tables that hold copies of what one buyer read: the query cache, catalogue pages, saved
 * views and followed imports. They are emptied at sign-out and sign-in, so the next person on the
 * device finds nothing of the previous buyer's. The outbox is not among them: it holds writes
 * still to be sent, not copies.
 */
export const SAVED_READ_TABLES = [
  'queryCache',
  'cataloguePages',
  'savedViews',
  'trackedImports',
] as const satisfies readonly (keyof BuyerPortalDatabase)[];

/** Empties every table of `SAVED_READ_TABLES` in one transaction. */
export async function clearSavedReads(database: BuyerPortalDatabase): Promise<void> {
  const tables = SAVED_READ_TABLES.map((name) => database[name]);
  await database.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()));
  });
}

export const db = new BuyerPortalDatabase();
