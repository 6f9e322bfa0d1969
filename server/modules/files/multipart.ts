// Reading a multipart/form-data request (@fastify/multipart) into its text fields and at most one
// file, with the spec's size limit (§5, §9: 20 MB) answered as 413 with the spec's message, and
// the file's type checked by its content.
import type { FastifyRequest } from 'fastify';
import { fileTooLargeMessage, MAX_UPLOAD_BYTES, sizeTexts } from '#contract/constants.ts';
import { FORBIDDEN_CHARACTER_MESSAGE, isStorableText } from '#contract/input-rules.ts';
import { ApiError } from '#server/http/api-error.ts';
import { RequestValidationError } from '#server/http/validation.ts';
import { DOCUMENT_MIME_TYPES, detectDocumentType, type DocumentType } from './document-type.ts';

/** Bytes read past the limit only to name the file's size; beyond this it is "more than". */
export const MULTIPART_COUNT_LIMIT = MAX_UPLOAD_BYTES * 4;

export const FILE_TYPE_MESSAGE = 'The file must be a .doc, .docx, .txt or .pdf document.';
export const FILE_NAME_TYPE_MESSAGE =
  'The file name must end in .doc, .docx, .txt or .pdf, matching what the file is.';
export const NOT_MULTIPART_MESSAGE = 'The request must be multipart/form-data.';

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
  if (!isStorableText(name)) {
    throw new RequestValidationError([{ path: field, message: FORBIDDEN_CHARACTER_MESSAGE }]);
  }
  return name;
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
  if (!request.isMultipart()) {
    throw new ApiError(415, NOT_MULTIPART_MESSAGE);
  }
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      continue;
    }
    if (part.fieldname !== 'file' || file) {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Past the limit the bytes are only counted, to name the size in the answer.
      if (size <= MAX_UPLOAD_BYTES) chunks.push(chunk);
    }
    if (part.file.truncated) throw fileTooLarge(size, MAX_UPLOAD_BYTES, true);
    if (size > MAX_UPLOAD_BYTES) throw fileTooLarge(size);
    file = { name: checkedFileName(part.filename), bytes: Buffer.concat(chunks) };
  }
  if (!file) return { fields, file: null };
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
