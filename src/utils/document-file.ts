/**
 * Client-side checks of an uploaded document (spec §5): an item's article or feedback file, a
 * message's document (decision 213); the same the server makes first.
 */
import {
  EMPTY_FILE_MESSAGE,
  fileTooLargeMessage,
  MAX_UPLOAD_BYTES,
  sizeTexts,
} from '#contract/constants.ts';
import { FEEDBACK_FILE_EXTENSIONS } from '#contract/order-items.ts';

export const FILE_TYPE_MESSAGE = 'The file must be a .doc, .docx, .txt or .pdf document.';
export const FILE_ACCEPT = FEEDBACK_FILE_EXTENSIONS.join(',');

/** Why the file cannot be sent, or null when it can. */
export function fileProblem(file: File | null | undefined): string | null {
  if (!file) return null;
  if (file.size === 0) return EMPTY_FILE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) {
    const texts = sizeTexts(file.size, MAX_UPLOAD_BYTES);
    return fileTooLargeMessage(texts.current, texts.allowed);
  }
  const name = file.name.toLowerCase();
  if (!FEEDBACK_FILE_EXTENSIONS.some((extension) => name.endsWith(extension)))
    return FILE_TYPE_MESSAGE;
  return null;
}
