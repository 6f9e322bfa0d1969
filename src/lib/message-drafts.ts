/**
 * Drafts of messages to publishers, one per thread (decision 213), kept in this browser's
 * localStorage so a reload or a closed sheet does not lose what the member was writing. Cleared
 * when the message is sent, and all of them at sign-out and sign-in, so the next person on the
 * device finds none.
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

/** Removes every draft of this browser. */
export function clearMessageDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(DRAFT_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage refused: nothing was kept.
  }
}
