// Stores bytes under DATA_DIR/files and records them in `files`: uploads owned by the uploader,
// generated documents owned by a buyer and readable by the buyer's company.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Database } from '#server/db/database.ts';
import { files } from '#server/db/schema/index.ts';

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

/**
 * Stores a generated company document (an invoice, a credit note) under documents/: readable by
 * every buyer of the company. The bytes are written first; the row goes into the caller's
 * transaction, so when it rolls back the bytes stay behind unreferenced.
 */
export async function storeCompanyDocument(
  db: Database,
  dataDir: string,
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
  const target = path.join(dataDir, 'files', storagePath);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, file.bytes);
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
  return { id, fileName: file.fileName };
}

/**
 * Gives a stored company document another id (the demo data's stable ids): the row must be gone
 * and is inserted again by the caller with the answered path; the bytes move along.
 */
export async function moveCompanyDocument(
  dataDir: string,
  companyId: string,
  from: string,
  to: string,
): Promise<string> {
  const storagePath = companyDocumentPath(companyId, to);
  if (from !== to) {
    await rename(
      path.join(dataDir, 'files', companyDocumentPath(companyId, from)),
      path.join(dataDir, 'files', storagePath),
    );
  }
  return storagePath;
}

/** Where a company document with this id is stored, relative to DATA_DIR/files. */
export function companyDocumentPath(companyId: string, fileId: string): string {
  return path.posix.join('documents', companyId, `${fileId}.pdf`);
}
