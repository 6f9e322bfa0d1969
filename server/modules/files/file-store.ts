// Stores bytes in the file store (server/storage, decision 194) and records them in `files`:
// uploads owned by the uploader, generated documents owned by a buyer and readable by the buyer's
// company. The object is put first and the row committed after it, so a row never names a missing
// object; an object whose row never came is removed by the orphan sweep (file-jobs.ts).
import { randomUUID } from 'node:crypto';
import path from 'node:path';

import type { Database } from '#server/db/database.ts';
import { files } from '#server/db/schema/index.ts';
import type { FileStore } from '#server/storage/file-store.ts';

export interface StoredFile {
  id: string;
  fileName: string;
}

/** Puts the object first, then its row; a failed insert removes the object again. */
export async function storeFile(
  db: Database,
  store: FileStore,
  file: { ownerUserId: string; fileName: string; mimeType: string; bytes: Buffer },
): Promise<StoredFile> {
  const id = randomUUID();
  const storagePath = path.posix.join('uploads', file.ownerUserId, id);
  await store.put(storagePath, file.bytes, { contentType: file.mimeType });
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
    await store.delete(storagePath);
    throw error;
  }
  return { id, fileName: file.fileName };
}

/**
 * Stores a generated company document (an invoice, a credit note) under documents/: readable by
 * every buyer of the company. The object is put first; the row goes into the caller's
 * transaction, so when it rolls back the object stays behind unreferenced until the orphan sweep.
 */
export async function storeCompanyDocument(
  db: Database,
  store: FileStore,
  file: {
    ownerUserId: string;
    companyId: string;
    fileName: string;
    bytes: Buffer;
    /** The document's own date. */
    createdAt: Date;
  },
): Promise<StoredFile> {
  const id = randomUUID();
  const storagePath = companyDocumentPath(file.companyId, id);
  await store.put(storagePath, file.bytes, { contentType: 'application/pdf' });
  try {
    await db.insert(files).values({
      id,
      ownerUserId: file.ownerUserId,
      companyId: file.companyId,
      storagePath,
      fileName: file.fileName,
      mimeType: 'application/pdf',
      sizeBytes: file.bytes.length,
      createdAt: file.createdAt,
    });
  } catch (error) {
    await store.delete(storagePath);
    throw error;
  }
  return { id, fileName: file.fileName };
}

/**
 * Gives a stored company document another id (the demo data's stable ids): the row must be gone
 * and is inserted again by the caller with the answered path; the object is copied to its new
 * key and the old one removed (object storage has no rename).
 */
export async function moveCompanyDocument(
  store: FileStore,
  companyId: string,
  from: string,
  to: string,
): Promise<string> {
  const storagePath = companyDocumentPath(companyId, to);
  if (from !== to) {
    const fromPath = companyDocumentPath(companyId, from);
    const body = await store.get(fromPath);
    if (!body) throw new Error(`The document ${fromPath} is missing`);
    await store.put(storagePath, body, { contentType: 'application/pdf' });
    await store.delete(fromPath);
  }
  return storagePath;
}

/** Where a company document with this id is stored: its key in the file store. */
export function companyDocumentPath(companyId: string, fileId: string): string {
  return path.posix.join('documents', companyId, `${fileId}.pdf`);
}
