// Avatars: a user's picture, stored as two square WebP sizes under DATA_DIR/files/avatars and
// recorded as one `files` row (the large size; the small one lies beside it). Replacing or removing
// an avatar deletes the old row and, once that is committed, the old bytes. An avatar's id changes
// with every upload, which is what lets its image be cached for good (decision 075).
import { randomUUID } from 'node:crypto';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { AvatarSize } from '#contract/avatars.ts';
import type { Database } from '#server/db/database.ts';
import { unauthorized } from '#server/http/api-error.ts';

import { processAvatar } from './avatar-image.ts';
import {
  deleteFileRow,
  findVisibleAvatar,
  insertAvatarFile,
  lockAvatarOf,
  setAvatar,
} from './avatars.repository.ts';

/** Where one size of an avatar lies, relative to DATA_DIR/files. */
export function avatarStoragePath(ownerUserId: string, fileId: string, size: AvatarSize): string {
  return path.posix.join('avatars', ownerUserId, `${fileId}-${size}.webp`);
}

/** The other size of an avatar from its row's storage path (the large size's). */
function sizedPath(storagePath: string, size: AvatarSize): string {
  return storagePath.replace(/-large\.webp$/, `-${size}.webp`);
}

export interface AvatarsService {
  /** Judges, re-encodes and stores the image as the user's avatar; answers its file id. */
  replace(userId: string, bytes: Buffer): Promise<{ id: string }>;
  /** Removes the user's avatar, if any. */
  remove(userId: string): Promise<void>;
  /** Where the viewer may read the avatar file from; null for an id the viewer may not see. */
  locate(viewerId: string, fileId: string, size: AvatarSize): Promise<string | null>;
}

export function createAvatarsService({
  db,
  dataDir,
}: {
  db: Database;
  dataDir: string;
}): AvatarsService {
  const root = path.join(dataDir, 'files');
  const removeBytes = async (storagePath: string) => {
    await Promise.all(
      (['small', 'large'] as const).map((size) =>
        rm(path.join(root, sizedPath(storagePath, size)), { force: true }),
      ),
    );
  };

  return {
    replace: async (userId, bytes) => {
      const images = await processAvatar(bytes);
      const id = randomUUID();
      const storagePath = avatarStoragePath(userId, id, 'large');
      await mkdir(path.dirname(path.join(root, storagePath)), { recursive: true });
      await Promise.all(
        (['small', 'large'] as const).map((size) =>
          writeFile(path.join(root, avatarStoragePath(userId, id, size)), images[size]),
        ),
      );
      let previous: string | null = null;
      try {
        await db.transaction(async (tx) => {
          const current = await lockAvatarOf(tx, userId);
          // The token outlived its user.
          if (!current) throw unauthorized('The user no longer exists.');
          await insertAvatarFile(tx, {
            id,
            ownerUserId: userId,
            storagePath,
            sizeBytes: images.large.length,
          });
          await setAvatar(tx, userId, id);
          if (current.fileId) {
            await deleteFileRow(tx, current.fileId, userId);
            previous = current.storagePath;
          }
        });
      } catch (error) {
        await removeBytes(storagePath);
        throw error;
      }
      if (previous) await removeBytes(previous);
      return { id };
    },

    remove: async (userId) => {
      let previous: string | null = null;
      await db.transaction(async (tx) => {
        const current = await lockAvatarOf(tx, userId);
        if (!current?.fileId) return;
        await setAvatar(tx, userId, null);
        await deleteFileRow(tx, current.fileId, userId);
        previous = current.storagePath;
      });
      if (previous) await removeBytes(previous);
    },

    locate: async (viewerId, fileId, size) => {
      const file = await findVisibleAvatar(db, viewerId, fileId);
      if (!file) return null;
      const location = path.resolve(root, sizedPath(file.storagePath, size));
      if (!location.startsWith(`${path.resolve(root)}${path.sep}`)) return null;
      try {
        await access(location);
      } catch {
        return null;
      }
      return location;
    },
  };
}
