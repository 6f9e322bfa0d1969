/** Offline copies of catalogue pages, keyed by the exact server query they answer. */
import type { SiteList } from '#contract/catalogue.ts';
import type { SavedView, SavedViewKind } from '#contract/saved-views.ts';
import { openDatabase } from '#src/lib/database.ts';

export interface StoredCataloguePage {
  data: SiteList;
  savedAt: number;
}

export async function saveCataloguePage(key: string, data: SiteList, now = Date.now()) {
  const db = await openDatabase();
  await db.cataloguePages.put({ key, data, savedAt: now });
}

export async function readCataloguePage(key: string): Promise<StoredCataloguePage | null> {
  const db = await openDatabase();
  const row = await db.cataloguePages.get(key);
  return row ? { data: row.data as SiteList, savedAt: row.savedAt } : null;
}

type StoredView = SavedView;

/** Replaces the offline copy of one kind of saved views with the server's list. */
export async function replaceSavedViews(
  kind: SavedViewKind,
  views: StoredView[],
  now = Date.now(),
) {
  const db = await openDatabase();
  await db.transaction('rw', db.savedViews, async () => {
    await db.savedViews.where('kind').equals(kind).delete();
    await db.savedViews.bulkPut(
      views.map((v) => ({
        id: v.id,
        kind,
        name: v.name,
        state: { value: v.value, is_favorite: v.is_favorite },
        updatedAt: now,
      })),
    );
  });
}

export async function readSavedViews(kind: SavedViewKind): Promise<StoredView[]> {
  const db = await openDatabase();
  const rows = await db.savedViews.where('kind').equals(kind).toArray();
  return rows.map((row) => {
    const state = (row.state ?? {}) as { value?: unknown; is_favorite?: unknown };
    return {
      id: row.id,
      kind,
      name: row.name,
      value: state.value,
      is_favorite: state.is_favorite === true,
      created_at: new Date(row.updatedAt).toISOString(),
      updated_at: new Date(row.updatedAt).toISOString(),
    };
  });
}
