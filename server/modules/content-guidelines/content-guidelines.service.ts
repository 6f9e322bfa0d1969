// A buyer's content guidelines (spec §3, decision 085): read, saved whole, the custom guidelines
// file replaced or removed, and frozen into order items at checkout (decision 086).
import {
  type ContentGuidelines,
  type ContentGuidelinesBody,
  DEFAULT_CONTENT_GUIDELINES,
  type FrozenContentGuidelines,
  GUIDELINES_FILE_EXTENSIONS,
} from '#contract/content-guidelines.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { FileStore } from '#server/storage/file-store.ts';

import { type MultipartForm, storeFile } from '../files/files.service.ts';
import {
  findGuidelines,
  type GuidelinesRow,
  upsertGuidelines,
} from './content-guidelines.repository.ts';

export const GUIDELINES_FILE_MISSING_MESSAGE = `Choose a file to upload (${GUIDELINES_FILE_EXTENSIONS.join(', ')}).`;

export interface ContentGuidelinesService {
  get(userId: string): Promise<ContentGuidelines>;
  save(db: Database, userId: string, body: ContentGuidelinesBody): Promise<ContentGuidelines>;
  putFile(userId: string, form: MultipartForm): Promise<ContentGuidelines>;
  removeFile(userId: string): Promise<ContentGuidelines>;
}

function toGuidelines(row: GuidelinesRow | null): ContentGuidelines {
  if (!row) {
    return {
      ...DEFAULT_CONTENT_GUIDELINES,
      custom_guidelines_file: null,
      revision: 0,
      updated_at: null,
    };
  }
  return {
    ...DEFAULT_CONTENT_GUIDELINES,
    ...row.settings,
    custom_guidelines_file: row.file ? { id: row.file.id, file_name: row.file.fileName } : null,
    revision: row.revision,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The copy an order item keeps (decision 086): the buyer's guidelines as they are in `db` (the
 * checkout's transaction), or null when the buyer never saved any.
 */
export async function freezeContentGuidelines(
  db: Database,
  userId: string,
): Promise<FrozenContentGuidelines | null> {
  const row = await findGuidelines(db, userId);
  return row ? toGuidelines(row) : null;
}

export function createContentGuidelinesService({
  db,
  now,
  files,
}: {
  db: Database;
  now: Clock;
  files: FileStore;
}): ContentGuidelinesService {
  const get = async (userId: string) => toGuidelines(await findGuidelines(db, userId));
  return {
    get,
    async save(tx, userId, body) {
      await upsertGuidelines(tx, { userId, settings: body, updatedAt: now() });
      return toGuidelines(await findGuidelines(tx, userId));
    },
    async putFile(userId, form) {
      if (!form.file) {
        throw new ApiError(400, GUIDELINES_FILE_MISSING_MESSAGE, {
          violations: [{ path: 'file', message: GUIDELINES_FILE_MISSING_MESSAGE }],
        });
      }
      // The file replaced stays stored: order items that froze it still name it.
      const stored = await storeFile(db, files, {
        ownerUserId: userId,
        fileName: form.file.fileName,
        mimeType: form.file.mimeType,
        bytes: form.file.bytes,
      });
      await upsertGuidelines(db, {
        userId,
        settings: DEFAULT_CONTENT_GUIDELINES,
        fileId: stored.id,
        updatedAt: now(),
        isFileOnly: true,
      });
      return get(userId);
    },
    async removeFile(userId) {
      const current = await findGuidelines(db, userId);
      if (current?.file) {
        await upsertGuidelines(db, {
          userId,
          settings: current.settings,
          fileId: null,
          updatedAt: now(),
          isFileOnly: true,
        });
      }
      return get(userId);
    },
  };
}
