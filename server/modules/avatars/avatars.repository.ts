import { and, eq, or, sql } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import { files, users } from '#server/db/schema/index.ts';

/** The user's avatar file, locked for the change that replaces or removes it. */
export async function lockAvatarOf(tx: Database, userId: string) {
  const [row] = await tx
    .select({ fileId: users.avatarFileId, storagePath: files.storagePath })
    .from(users)
    .leftJoin(files, eq(files.id, users.avatarFileId))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  return row ?? null;
}

export async function insertAvatarFile(
  tx: Database,
  file: { id: string; ownerUserId: string; storagePath: string; sizeBytes: number },
): Promise<void> {
  await tx.insert(files).values({
    ...file,
    fileName: 'avatar.webp',
    mimeType: 'image/webp',
  });
}

export async function setAvatar(tx: Database, userId: string, fileId: string | null) {
  await tx.update(users).set({ avatarFileId: fileId }).where(eq(users.id, userId));
}

export async function deleteFileRow(tx: Database, fileId: string, ownerUserId: string) {
  await tx.delete(files).where(and(eq(files.id, fileId), eq(files.ownerUserId, ownerUserId)));
}

/**
 * The avatar file with this id when the viewer may see it: it is the current avatar of the viewer
 * or of the viewer's sales or account manager (decision 075). Anything else answers null.
 */
export async function findVisibleAvatar(db: Database, viewerId: string, fileId: string) {
  const [row] = await db
    .select({ id: files.id, storagePath: files.storagePath })
    .from(files)
    .innerJoin(users, eq(users.avatarFileId, files.id))
    .where(
      and(
        eq(files.id, fileId),
        or(
          eq(users.id, viewerId),
          sql`${users.id} in (select unnest(array[v.sales_manager_id, v.account_manager_id]) from users v where v.id = ${viewerId})`,
        ),
      ),
    );
  return row ?? null;
}
