import { eq, sql } from 'drizzle-orm';

import type { ContentGuidelinesSettings } from '#contract/content-guidelines.ts';
import type { Database } from '#server/db/database.ts';
import { contentGuidelines, files } from '#server/db/schema/index.ts';

export interface GuidelinesRow {
  settings: ContentGuidelinesSettings;
  revision: number;
  updatedAt: Date;
  file: { id: string; fileName: string } | null;
}

/** The buyer's saved guidelines with the file's name; null when the buyer never saved any. */
export async function findGuidelines(db: Database, userId: string): Promise<GuidelinesRow | null> {
  const [row] = await db
    .select({
      settings: contentGuidelines.settings,
      revision: contentGuidelines.revision,
      updatedAt: contentGuidelines.updatedAt,
      fileId: files.id,
      fileName: files.fileName,
    })
    .from(contentGuidelines)
    .leftJoin(files, eq(files.id, contentGuidelines.fileId))
    .where(eq(contentGuidelines.userId, userId));
  if (!row) return null;
  return {
    settings: row.settings,
    revision: row.revision,
    updatedAt: row.updatedAt,
    file: row.fileId && row.fileName ? { id: row.fileId, fileName: row.fileName } : null,
  };
}

/**
 * Saves the settings (and, when given, the file) as the next revision. The first save inserts
 * the row; `settings` is then what a file-only first save starts from.
 */
export async function upsertGuidelines(
  db: Database,
  values: {
    userId: string;
    settings: ContentGuidelinesSettings;
    /** Undefined leaves the file as it is; null removes it. */
    fileId?: string | null;
    updatedAt: Date;
    /** Only the file changes: a first save stores `settings`, a later one keeps its own. */
    isFileOnly?: boolean;
  },
): Promise<void> {
  const set: Record<string, unknown> = {
    revision: sql`${contentGuidelines.revision} + 1`,
    updatedAt: values.updatedAt,
  };
  if (!values.isFileOnly) set.settings = values.settings;
  if (values.fileId !== undefined) set.fileId = values.fileId;
  await db
    .insert(contentGuidelines)
    .values({
      userId: values.userId,
      settings: values.settings,
      fileId: values.fileId ?? null,
      revision: 1,
      updatedAt: values.updatedAt,
    })
    .onConflictDoUpdate({ target: contentGuidelines.userId, set });
}
