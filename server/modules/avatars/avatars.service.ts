// Avatars: a user's picture, stored as two square WebP sizes under avatars/ in the file store and
// recorded as one `files` row (the large size; the small one lies beside it). Replacing or removing
// an avatar deletes the old row and queues the removal of its objects in the same transaction
// (decision 194). An avatar's id changes with every upload, which is what lets its image be cached
// for good (decision 075).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';

import type { AvatarSize } from '#contract/avatars.ts';
import type { Database } from '#server/db/database.ts';
import { unauthorized } from '#server/http/api-error.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import type { FileStore } from '#server/storage/file-store.ts';

import { queueFileDeletes } from '../files/files.service.ts';
import { processAvatar } from './avatar-image.ts';
import {
  deleteFileRow,
  findVisibleAvatar,
  insertAvatarFile,
  lockAvatarOf,
  setAvatar,
} from './avatars.repository.ts';

/** Where one size of an avatar lies: its key in the file store. */
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
  /** The avatar's image for the viewer; null for an id the viewer may not see, or one gone. */
  read(viewerId: string, fileId: string, size: AvatarSize): Promise<Readable | null>;
}

export function createAvatarsService({
  db,
  files,
  jobs,
}: {
  db: Database;
  files: FileStore;
  /** Queues the removal of a replaced avatar's objects. */
  jobs: Pick<JobRunner, 'enqueue'>;
}): AvatarsService {
  const sizes = (storagePath: string) =>
    (['small', 'large'] as const).map((size) => sizedPath(storagePath, size));
  const removeBytes = async (storagePath: string) => {
    await Promise.all(sizes(storagePath).map((key) => files.delete(key)));
  };

  return {
    replace: async (userId, bytes) => {
      const images = await processAvatar(bytes);
      const id = randomUUID();
      const storagePath = avatarStoragePath(userId, id, 'large');
      await Promise.all(
        (['small', 'large'] as const).map((size) =>
          files.put(avatarStoragePath(userId, id, size), images[size], {
            contentType: 'image/webp',
          }),
        ),
      );
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
            if (current.storagePath) await queueFileDeletes(jobs, tx, sizes(current.storagePath));
          }
        });
      } catch (error) {
        await removeBytes(storagePath);
        throw error;
      }
      return { id };
    },

    remove: async (userId) => {
      await db.transaction(async (tx) => {
        const current = await lockAvatarOf(tx, userId);
        if (!current?.fileId) return;
        await setAvatar(tx, userId, null);
        await deleteFileRow(tx, current.fileId, userId);
        if (current.storagePath) await queueFileDeletes(jobs, tx, sizes(current.storagePath));
      });
    },

    read: async (viewerId, fileId, size) => {
      const file = await findVisibleAvatar(db, viewerId, fileId);
      if (!file) return null;
      return files.get(sizedPath(file.storagePath, size));
    },
  };
}
