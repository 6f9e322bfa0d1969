import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { hostnameToUnicode } from '#contract/idna.ts';
import { toast } from '#src/lib/toast-store.ts';

import { catalogueQueries, type SitePage } from './queries.ts';
import type { SiteMark } from './requests.ts';
import { type QueuedMark, saveMarks, withWaitingMarks } from './site-marks.ts';

export const MARK_MESSAGES: Record<SiteMark, Record<'true' | 'false', string>> = {
  favorites: {
    true: 'Added to favorite domains filter',
    false: 'Removed from favorite domains filter',
  },
  blacklists: { true: 'Added to blacklist', false: 'Removed from blacklist' },
};

/** What a change did, or will do: "added to the company's favorites". */
export function markChangeText({
  mark,
  value,
  scope,
}: Pick<QueuedMark, 'mark' | 'value' | 'scope'>) {
  const list =
    scope === 'company'
      ? `the company's ${mark === 'favorites' ? 'favorites' : 'blacklist'}`
      : mark === 'favorites'
        ? 'favorites'
        : 'the blacklist';
  return `${value ? 'added to' : 'removed from'} ${list}`;
}

/** What a change kept offline will do, said with the site's name (or how many sites). */
export function waitingMarkText(change: QueuedMark): string {
  const [only] = change.hostnames;
  const what =
    change.hostnames.length === 1 && only
      ? hostnameToUnicode(only)
      : `${change.hostnames.length} sites`;
  return `You are offline: ${what} will be ${markChangeText(change)} when the connection returns.`;
}

export type MarkSitesInput = QueuedMark;

/**
 * Favourite or blacklist sites (one or a selection). The marks show at once; offline the change
 * is kept on this device and sent when the connection returns (site-marks.ts).
 */
export function useMarkSites() {
  const queryClient = useQueryClient();
  // The toast's Undo runs the same mutation the other way round.
  const undo = useRef<(input: MarkSitesInput) => void>(() => undefined);
  const mutation = useMutation({
    mutationKey: ['buyer', 'sites', 'mark'],
    mutationFn: (input: MarkSitesInput) => saveMarks(input),
    // Offline is handled by the function itself: it keeps the change instead of waiting.
    networkMode: 'always',
    // The marks show at once; the list refresh afterwards corrects them if the server disagrees.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: catalogueQueries.lists() });
      queryClient.setQueriesData<SitePage>({ queryKey: catalogueQueries.lists() }, (page) =>
        page
          ? { ...page, list: { ...page.list, data: withWaitingMarks(page.list.data, [change]) } }
          : page,
      );
    },
    onSuccess: (result, change) => {
      if (result.status === 'queued') {
        toast({ title: 'Saved on this device', description: waitingMarkText(change) });
        return;
      }
      const { mark, value, scope } = change;
      // Blacklisting hides a site from the buyer's view of the catalogue: one click takes it back.
      const canUndo = mark === 'blacklists' && value;
      const said = markChangeText(change);
      toast({
        title:
          scope === 'company'
            ? `${said[0]!.toUpperCase()}${said.slice(1)}`
            : MARK_MESSAGES[mark][String(value) as 'true' | 'false'],
        variant: 'success',
        action: canUndo
          ? { label: 'Undo', onClick: () => undo.current({ ...change, value: false }) }
          : undefined,
      });
      return queryClient.invalidateQueries({ queryKey: catalogueQueries.lists() });
    },
    // A refusal: the list shows again what the server holds.
    onError: () => queryClient.invalidateQueries({ queryKey: catalogueQueries.lists() }),
  });
  const { mutate } = mutation;
  useEffect(() => {
    undo.current = mutate;
  }, [mutate]);
  return mutation;
}
