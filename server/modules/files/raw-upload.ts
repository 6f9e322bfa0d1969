// Reading a multipart/form-data request whose one file part (`file`) is judged by its caller
// (an image, say), with a size limit of the caller's: over it, 413 in the spec's words (§5).
import type { FastifyRequest } from 'fastify';

import { fileTooLarge, formParts, readFileBytes, uploadedFileName } from './multipart.ts';

export interface RawUpload {
  fileName: string;
  bytes: Buffer;
}

/** The `file` part's bytes and name, or null when the form has no file. Other parts are skipped. */
export async function readRawUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<RawUpload | null> {
  let upload: RawUpload | null = null;
  for await (const part of formParts(request)) {
    if (part.type === 'field') continue;
    if (part.fieldname !== 'file' || upload) {
      part.file.resume();
      continue;
    }
    const { bytes, size } = await readFileBytes(part.file, maxBytes);
    if (part.file.truncated) throw fileTooLarge(size, maxBytes, true);
    if (size > maxBytes) throw fileTooLarge(size, maxBytes);
    upload = { fileName: uploadedFileName(part.filename), bytes };
  }
  return upload;
}
