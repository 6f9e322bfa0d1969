import { and, asc, eq } from 'drizzle-orm';

import type { SavedViewKind } from '#contract/saved-views.ts';
import type { Database } from '#server/db/database.ts';
import { savedViews } from '#server/db/schema/index.ts';

export type SavedViewRow = typeof savedViews.$inferSelect;

export function findSavedViews(db: Database, userId: string, kind: SavedViewKind | undefined) {
  return db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), kind ? eq(savedViews.kind, kind) : undefined))
    .orderBy(asc(savedViews.kind), asc(savedViews.createdAt), asc(savedViews.id));
}

export async function findSavedView(
  db: Database,
  userId: string,
  id: string,
): Promise<SavedViewRow | undefined> {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)));
  return row;
}

/** Inserts the view; undefined when the user already has a view of that kind with that name. */
export async function insertSavedView(
  db: Database,
  values: typeof savedViews.$inferInsert,
): Promise<SavedViewRow | undefined> {
  const [row] = await db.insert(savedViews).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSavedView(
  db: Database,
  userId: string,
  id: string,
  changes: Partial<Pick<SavedViewRow, 'name' | 'value' | 'isFavorite' | 'updatedAt'>>,
): Promise<SavedViewRow | undefined> {
  const [row] = await db
    .update(savedViews)
    .set(changes)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedView(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}

export async function isNameTaken(
  db: Database,
  {
    userId,
    kind,
    name,
    exceptId,
  }: { userId: string; kind: SavedViewKind; name: string; exceptId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(eq(savedViews.userId, userId), eq(savedViews.kind, kind), eq(savedViews.name, name)),
    );
  return row !== undefined && row.id !== exceptId;
}
