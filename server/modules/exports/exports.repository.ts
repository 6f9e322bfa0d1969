import { and, eq } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import { exportTasks, files, users } from '#server/db/schema/index.ts';

export type ExportTaskRow = typeof exportTasks.$inferSelect;

export async function mayExportSites(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ allowed: users.isAllowedToExportSites })
    .from(users)
    .where(eq(users.id, userId));
  return row?.allowed === true;
}

export async function insertExportTask(
  db: Database,
  values: typeof exportTasks.$inferInsert,
): Promise<ExportTaskRow> {
  const [row] = await db.insert(exportTasks).values(values).returning();
  if (!row) throw new Error('The export task was not stored');
  return row;
}

export async function findExportTask(
  db: Database,
  id: string,
  userId?: string,
): Promise<ExportTaskRow | undefined> {
  const [row] = await db
    .select()
    .from(exportTasks)
    .where(and(eq(exportTasks.id, id), userId ? eq(exportTasks.userId, userId) : undefined));
  return row;
}

export async function updateExportTask(
  db: Database,
  id: string,
  changes: Partial<Pick<ExportTaskRow, 'status' | 'progress' | 'errors' | 'fileId' | 'updatedAt'>>,
): Promise<void> {
  await db.update(exportTasks).set(changes).where(eq(exportTasks.id, id));
}

export async function insertFile(db: Database, values: typeof files.$inferInsert): Promise<string> {
  const [row] = await db.insert(files).values(values).returning({ id: files.id });
  if (!row) throw new Error('The file was not stored');
  return row.id;
}
