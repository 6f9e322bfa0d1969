/** Client-side checks of an uploaded document (spec §5), the same the server makes first. */
import { MAX_UPLOAD_BYTES } from '../../../contract/constants.ts';
import { FEEDBACK_FILE_EXTENSIONS } from '../../../contract/order-items.ts';

/** "20 MB", "20.5 MB"; in bytes when the two sizes would read the same. */
export function sizeTexts(current: number, allowed: number): { current: string; allowed: string } {
  const mb = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(2))} MB`;
  if (mb(current) !== mb(allowed)) return { current: mb(current), allowed: mb(allowed) };
  return { current: `${current} bytes`, allowed: `${allowed} bytes` };
}

export const FILE_TYPE_MESSAGE = 'The file must be a .doc, .docx, .txt or .pdf document.';
export const FILE_ACCEPT = FEEDBACK_FILE_EXTENSIONS.join(',');

/** Why the file cannot be sent, or null when it can. */
export function fileProblem(file: File | null | undefined): string | null {
  if (!file) return null;
  if (file.size > MAX_UPLOAD_BYTES) {
    const texts = sizeTexts(file.size, MAX_UPLOAD_BYTES);
    return `The file is too large (${texts.current}). Allowed maximum size is ${texts.allowed}.`;
  }
  const name = file.name.toLowerCase();
  if (!FEEDBACK_FILE_EXTENSIONS.some((extension) => name.endsWith(extension)))
    return FILE_TYPE_MESSAGE;
  return null;
}
