import { useEffect, useRef } from 'react';

import type { Thread } from '#contract/conversations.ts';

import { useMarkThreadRead } from '../api/mutations.ts';

/**
 * While the thread is open and online, marks it read up to its last entry: when it is opened with
 * unread messages, and each time newer entries arrive afterwards.
 */
export function useMarkThreadReadWhileOpen(
  itemId: string,
  thread: Thread | undefined,
  isActive: boolean,
): void {
  const { mutate } = useMarkThreadRead(itemId);
  const marked = useRef<string | null>(null);
  const lastId = thread?.entries.at(-1)?.id;
  const unread = thread?.unread ?? 0;
  useEffect(() => {
    if (!isActive || lastId === undefined || lastId === marked.current) return;
    if (unread === 0 && marked.current === null) return;
    marked.current = lastId;
    mutate(lastId, {
      onError: () => {
        // Tried again with the next answer of the thread.
        if (marked.current === lastId) marked.current = null;
      },
    });
  }, [isActive, lastId, unread, mutate]);
}
