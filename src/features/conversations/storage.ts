/**
 * Drafts of messages, one per thread, kept in this browser's localStorage so a reload or a closed
 * sheet does not lose what the member was writing. Cleared when the message is sent.
 */
const DRAFT_PREFIX = 'message-draft:';

export function readDraft(itemId: string): string {
  try {
    return localStorage.getItem(DRAFT_PREFIX + itemId) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(itemId: string, text: string): void {
  try {
    if (text === '') localStorage.removeItem(DRAFT_PREFIX + itemId);
    else localStorage.setItem(DRAFT_PREFIX + itemId, text);
  } catch {
    // Storage full or refused (private mode): the draft lives as long as the sheet.
  }
}
