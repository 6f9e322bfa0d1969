// Reading an uploaded list (CSV or plain text) of a multipart request straight into the file
// store, so that a 20 MB file never sits in memory. The bytes are checked while they stream: the
// whole file must be UTF-8 (a BOM is allowed) without NUL or other control characters than tab,
// CR, LF and FF; anything else (a spreadsheet, an archive, UTF-16) answers 400 with a `file`
// violation, and so does a name that does not end in .csv or .txt (none gets .csv).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline, Transform } from 'node:stream';

import type { FastifyRequest } from 'fastify';

import { MAX_UPLOAD_BYTES } from '#contract/constants.ts';
import { createTextCheck, TEXT_FILE_TYPE_MESSAGE } from '#contract/text-content.ts';
import type { Database } from '#server/db/database.ts';
import { files } from '#server/db/schema/index.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { FileStore } from '#server/storage/file-store.ts';

import type { StoredFile } from './file-store.ts';
import {
  fileTooLarge,
  formParts,
  nameMatchingType,
  unreadableForm,
  uploadedFileName,
} from './multipart.ts';

export { TEXT_FILE_TYPE_MESSAGE };
export const TEXT_FILE_MISSING_MESSAGE = 'Choose a file to upload.';
export const TEXT_FILE_NAME_MESSAGE = 'The file name must end in .csv or .txt.';
const TEXT_EXTENSIONS = ['csv', 'txt'] as const;
const TEXT_MIME_TYPE = 'text/csv; charset=utf-8';

/** An upload put in the file store and not yet recorded in `files`. */
export interface TextUpload {
  id: string;
  ownerUserId: string;
  fileName: string;
  storagePath: string;
  sizeBytes: number;
  /** Removes the bytes again, when the change that would record them is refused. */
  discard(): Promise<void>;
}

/**
 * Reads the part named `file` of a multipart request into the store for `ownerUserId`. Answers 415
 * without multipart, 400 without a file or with one that is not text, 413 over the limit.
 */
export async function readTextUpload(
  request: FastifyRequest,
  { files: store, ownerUserId }: { files: FileStore; ownerUserId: string },
): Promise<TextUpload> {
  const id = randomUUID();
  const storagePath = path.posix.join('uploads', ownerUserId, id);
  const discard = () => store.delete(storagePath);
  let upload: { name: string; size: number; truncated: boolean; isText: boolean } | null = null;
  let fileName: string;
  try {
    for await (const part of formParts(request)) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || upload) {
        part.file.resume();
        continue;
      }
      const text = createTextCheck();
      let size = 0;
      // Past the limit the bytes are only counted, to name the size in the answer.
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > MAX_UPLOAD_BYTES) return done();
          text.push(chunk);
          done(null, chunk);
        },
      });
      // A failure of the form is the sender's (unreadableForm); one of the store stays a 500. A
      // form cut off before the file's end fails the file, and through pipeline the upload too.
      let formError: unknown = null;
      const body = pipeline(part.file, limit, (error) => {
        if (error) formError = error;
      });
      await store
        .put(storagePath, body, { contentType: TEXT_MIME_TYPE })
        .catch((error: unknown) => {
          throw formError ? unreadableForm(formError) : error;
        });
      upload = {
        name: uploadedFileName(part.filename),
        size,
        truncated: part.file.truncated,
        isText: text.end(),
      };
    }
    if (!upload) throw missingFile();
    if (upload.truncated) throw fileTooLarge(upload.size, MAX_UPLOAD_BYTES, true);
    if (upload.size > MAX_UPLOAD_BYTES) throw fileTooLarge(upload.size);
    if (!upload.isText) throw notText();
    fileName = nameMatchingType(upload.name.trim() || 'list', TEXT_EXTENSIONS, {
      field: 'file',
      message: TEXT_FILE_NAME_MESSAGE,
    });
  } catch (error) {
    await discard();
    throw error;
  }
  return {
    id,
    ownerUserId,
    fileName,
    storagePath,
    sizeBytes: upload.size,
    discard,
  };
}

/** Records an upload read by `readTextUpload` in `files`, in the caller's transaction. */
export async function recordTextUpload(db: Database, upload: TextUpload): Promise<StoredFile> {
  await db.insert(files).values({
    id: upload.id,
    ownerUserId: upload.ownerUserId,
    storagePath: upload.storagePath,
    fileName: upload.fileName,
    mimeType: TEXT_MIME_TYPE,
    sizeBytes: upload.sizeBytes,
  });
  return { id: upload.id, fileName: upload.fileName };
}

function notText(): ApiError {
  return new ApiError(400, TEXT_FILE_TYPE_MESSAGE, {
    violations: [{ path: 'file', message: TEXT_FILE_TYPE_MESSAGE }],
  });
}

function missingFile(): ApiError {
  return new ApiError(400, TEXT_FILE_MISSING_MESSAGE, {
    violations: [{ path: 'file', message: TEXT_FILE_MISSING_MESSAGE }],
  });
}
