// Reading a multipart/form-data request (@fastify/multipart) into its text fields and at most one
// file, with the spec's size limit (§5, §9: 20 MB) answered as 413 with the spec's message, and
// the file's type checked by its content.
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

import {
  EMPTY_FILE_MESSAGE,
  fileTooLargeMessage,
  MAX_UPLOAD_BYTES,
  sizeTexts,
} from '#contract/constants.ts';
import { textProblem } from '#contract/input-rules.ts';
import { ApiError } from '#server/http/api-error.ts';
import { RequestValidationError } from '#server/http/validation.ts';

import { detectDocumentType, DOCUMENT_MIME_TYPES, type DocumentType } from './document-type.ts';

/** Bytes read past the limit only to name the file's size; beyond this it is "more than". */
export const MULTIPART_COUNT_LIMIT = MAX_UPLOAD_BYTES * 4;

export const FILE_TYPE_MESSAGE = 'The file must be a .doc, .docx, .txt or .pdf document.';
export const FILE_NAME_TYPE_MESSAGE =
  'The file name must end in .doc, .docx, .txt or .pdf, matching what the file is.';
export const NOT_MULTIPART_MESSAGE = 'The request must be multipart/form-data.';
export const UNREADABLE_FORM_MESSAGE =
  'The form could not be read: it has no boundary, is cut off or is malformed.';

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  type: DocumentType;
  mimeType: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

export function fileTooLarge(current: number, allowed = MAX_UPLOAD_BYTES, isAtLeast = false) {
  const texts = sizeTexts(current, allowed);
  const size = isAtLeast ? `more than ${texts.current}` : texts.current;
  const message = fileTooLargeMessage(size, texts.allowed);
  return new ApiError(413, message, {
    violations: [
      {
        path: 'file',
        message,
        parameters: { current: size, allowed: texts.allowed, limit: allowed },
      },
    ],
  });
}

/**
 * The name a file was uploaded with, kept only if it is text the API accepts (decision 101): a
 * name with a NUL or a broken character is refused on the `file` field, like any other text.
 */
export function checkedFileName(name: string, field = 'file'): string {
  const message = textProblem(name);
  if (message) throw new RequestValidationError([{ path: field, message }]);
  return name;
}

/**
 * The name of an uploaded file part as its owner chose it. Browsers write a file name's double
 * quote as `%22` in the part's header (HTML's multipart/form-data encoding, which also writes line
 * breaks as `%0A` and `%0D`): `guide "v2".txt` arrives as `guide %22v2%22.txt`. The quote is put
 * back; a name that really held `%22` (rare) shows a quote instead. Line breaks stay escaped: a
 * file name is one line. Then checked as `checkedFileName`.
 */
export function uploadedFileName(partFileName: string): string {
  return checkedFileName(partFileName.replaceAll('%22', '"'));
}

/**
 * The parts of a multipart form, the one way every upload reads them: 415 when the request is not
 * multipart, 400 in the error format when the parser cannot read the form (no or an unknown
 * boundary, cut off before its end, a malformed part header) instead of the parser's bare error.
 */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  if (!request.isMultipart()) throw new ApiError(415, NOT_MULTIPART_MESSAGE);
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw unreadableForm(error);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw unreadableForm(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** A file part's bytes up to `maxBytes` and its whole size; a form cut off in it answers 400. */
export async function readFileBytes(
  file: AsyncIterable<Buffer>,
  maxBytes: number,
): Promise<{ bytes: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file) {
      size += chunk.length;
      // Past the limit the bytes are only counted, to name the size in the answer.
      if (size <= maxBytes) chunks.push(chunk);
    }
  } catch (error) {
    throw unreadableForm(error);
  }
  return { bytes: Buffer.concat(chunks), size };
}

/**
 * The parser's own errors (busboy: plain errors with neither an HTTP status nor a system code) are
 * the sender's fault: 400. The multipart plugin's limits carry their status and pass as they are,
 * and so does a system error (a full disk), which stays a 500.
 */
export function unreadableForm(error: unknown): unknown {
  const isParserError = error instanceof Error && !('statusCode' in error) && !('code' in error);
  return isParserError ? new ApiError(400, UNREADABLE_FORM_MESSAGE) : error;
}

/** The extension a file's name ends in, lower-cased; '' for a trailing dot, null for none. */
export function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? null : name.slice(dot + 1).toLowerCase();
}

/**
 * The name a file is stored and downloaded under, agreeing with what its bytes are: a name
 * without an extension gets the one of its type; a name with another extension (`invoice.pdf`
 * holding HTML, `x.pdf.html`, a text named `.exe`) is refused on `field`, so that no download is
 * opened by a program other than the one its content is for.
 */
export function nameMatchingType(
  name: string,
  allowed: readonly string[],
  { field, message, maxLength = 255 }: { field: string; message: string; maxLength?: number },
): string {
  const extension = extensionOf(name);
  if (extension === null) {
    const added = `.${allowed[0]}`;
    return `${name.slice(0, maxLength - added.length)}${added}`;
  }
  if (!allowed.includes(extension)) {
    throw new ApiError(400, message, { violations: [{ path: field, message }] });
  }
  if (name.length <= maxLength) return name;
  return `${name.slice(0, maxLength - extension.length - 1)}.${extension}`;
}

/** The extensions a document's name may end in, by what its bytes are. */
const DOCUMENT_EXTENSIONS: Record<DocumentType, readonly string[]> = {
  pdf: ['pdf'],
  docx: ['docx'],
  doc: ['doc'],
  txt: ['txt'],
};

/**
 * Reads the form. The file part is named `file`; `file_name`, when given, names it instead of the
 * uploaded name. A file over the limit answers 413; one that is not a document, or whose name's
 * extension is not that of its type, answers 400.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  for await (const part of formParts(request)) {
    if (part.type === 'field') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      continue;
    }
    if (part.fieldname !== 'file' || file) {
      part.file.resume();
      continue;
    }
    const { bytes, size } = await readFileBytes(part.file, MAX_UPLOAD_BYTES);
    if (part.file.truncated) throw fileTooLarge(size, MAX_UPLOAD_BYTES, true);
    if (size > MAX_UPLOAD_BYTES) throw fileTooLarge(size);
    file = { name: uploadedFileName(part.filename), bytes };
  }
  if (!file) return { fields, file: null };
  if (file.bytes.length === 0) {
    throw new ApiError(400, EMPTY_FILE_MESSAGE, {
      violations: [{ path: 'file', message: EMPTY_FILE_MESSAGE }],
    });
  }
  const type = detectDocumentType(file.bytes);
  if (!type) {
    throw new ApiError(400, FILE_TYPE_MESSAGE, {
      violations: [{ path: 'file', message: FILE_TYPE_MESSAGE }],
    });
  }
  const givenName =
    fields.file_name === undefined ? '' : checkedFileName(fields.file_name, 'file_name');
  const fileName = nameMatchingType(
    givenName.trim() || file.name.trim() || 'document',
    DOCUMENT_EXTENSIONS[type],
    {
      field: givenName.trim() ? 'file_name' : 'file',
      message: FILE_NAME_TYPE_MESSAGE,
    },
  );
  return {
    fields,
    file: { fileName, bytes: file.bytes, type, mimeType: DOCUMENT_MIME_TYPES[type] },
  };
}
