// Stores uploaded bytes under DATA_DIR/files and records them in `files`, owned by the uploader.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database.ts';
import { files } from '../../db/schema/index.ts';

export interface StoredFile {
  id: string;
  fileName: string;
}

/** Writes the file first, then its row; a failed insert removes the bytes again. */
export async function storeFile(
  db: Database,
  dataDir: string,
  file: { ownerUserId: string; fileName: string; mimeType: string; bytes: Buffer },
): Promise<StoredFile> {
  const id = randomUUID();
  const storagePath = path.posix.join('uploads', file.ownerUserId, id);
  const target = path.join(dataDir, 'files', storagePath);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, file.bytes);
  try {
    await db.insert(files).values({
      id,
      ownerUserId: file.ownerUserId,
      storagePath,
      fileName: file.fileName,
      mimeType: file.mimeType,
      sizeBytes: file.bytes.length,
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return { id, fileName: file.fileName };
}
