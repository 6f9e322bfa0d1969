import { useCallback, useState } from 'react';

import { readDraft, writeDraft } from '#src/lib/message-drafts.ts';

/** The thread's draft, read once and saved as it changes. */
export function useMessageDraft(itemId: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState(() => readDraft(itemId));
  const update = useCallback(
    (text: string) => {
      setDraft(text);
      writeDraft(itemId, text);
    },
    [itemId],
  );
  return [draft, update];
}
