// Reading a multipart/form-data request whose one file part (`file`) is judged by its caller
// (an image, say), with a size limit of the caller's: over it, 413 in the spec's words (§5).
import type { FastifyRequest } from 'fastify';
import { ApiError } from '#server/http/api-error.ts';
import { checkedFileName, fileTooLarge, NOT_MULTIPART_MESSAGE } from './multipart.ts';

export interface RawUpload {
  fileName: string;
  bytes: Buffer;
}

/** The `file` part's bytes and name, or null when the form has no file. Other parts are skipped. */
export async function readRawUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<RawUpload | null> {
  if (!request.isMultipart()) throw new ApiError(415, NOT_MULTIPART_MESSAGE);
  let upload: RawUpload | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') continue;
    if (part.fieldname !== 'file' || upload) {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Past the limit the bytes are only counted, to name the size in the answer.
      if (size <= maxBytes) chunks.push(chunk);
    }
    if (part.file.truncated) throw fileTooLarge(size, maxBytes, true);
    if (size > maxBytes) throw fileTooLarge(size, maxBytes);
    upload = { fileName: checkedFileName(part.filename), bytes: Buffer.concat(chunks) };
  }
  return upload;
}
