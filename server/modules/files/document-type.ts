// What kind of document an upload really is, read from its bytes rather than its name (spec §5:
// feedback files are .doc, .docx, .txt or .pdf). A renamed executable matches none of them.
//   PDF   starts with "%PDF-"
//   DOCX  a ZIP archive (PK\x03\x04) whose central directory names entries under word/
//   DOC   an OLE2 compound file (D0 CF 11 E0 A1 B1 1A E1)
//   TXT   valid UTF-8 without NUL bytes or other control characters than tab, CR, LF, FF
import { createTextCheck } from '#contract/text-content.ts';

export type DocumentType = 'pdf' | 'docx' | 'doc' | 'txt';

export const DOCUMENT_MIME_TYPES: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain; charset=utf-8',
};

const PDF = Buffer.from('%PDF-', 'latin1');
const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_CENTRAL = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function detectDocumentType(bytes: Buffer): DocumentType | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, OLE2)) return 'doc';
  if (startsWith(bytes, ZIP_LOCAL)) return isWordArchive(bytes) ? 'docx' : null;
  return isPlainText(bytes) ? 'txt' : null;
}

function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  return bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix);
}

/** A ZIP whose central directory lists a `word/` entry (every WordprocessingML package has one). */
function isWordArchive(bytes: Buffer): boolean {
  let offset = bytes.indexOf(ZIP_CENTRAL);
  while (offset !== -1 && offset + 46 <= bytes.length) {
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const name = bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    if (name.startsWith('word/')) return true;
    offset = bytes.indexOf(ZIP_CENTRAL, offset + 46 + nameLength + extraLength + commentLength);
  }
  return false;
}

/** UTF-8 without control characters: the same rule as the uploaded domain lists. */
function isPlainText(bytes: Buffer): boolean {
  const check = createTextCheck();
  return check.push(bytes) && check.end();
}
