import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '#src/components/toast-store.ts';
import { catalogueQueries, type SitePage } from './queries.ts';
import { markSites, type SiteMark } from './requests.ts';

export const MARK_MESSAGES: Record<SiteMark, Record<'true' | 'false', string>> = {
  favorites: {
    true: 'Added to favorite domains filter',
    false: 'Removed from favorite domains filter',
  },
  blacklists: { true: 'Added to blacklist', false: 'Removed from blacklist' },
};

export interface MarkSitesInput {
  mark: SiteMark;
  ids: string[];
  value: boolean;
}

/** Favourite or blacklist sites (one or a selection); the list refreshes afterwards. */
export function useMarkSites() {
  const queryClient = useQueryClient();
  // The toast's Undo runs the same mutation the other way round.
  const undo = useRef<(input: MarkSitesInput) => void>(() => undefined);
  const mutation = useMutation({
    mutationKey: ['buyer', 'sites', 'mark'],
    mutationFn: ({ mark, ids, value }: MarkSitesInput) => markSites(mark, ids, value),
    // The marks show at once; the list refresh afterwards corrects them if the server disagrees.
    onMutate: async ({ mark, ids, value }) => {
      await queryClient.cancelQueries({ queryKey: catalogueQueries.lists() });
      const field = mark === 'favorites' ? 'is_marked_as_favorite' : 'is_in_blacklist';
      const marked = new Set(ids);
      queryClient.setQueriesData<SitePage>({ queryKey: catalogueQueries.lists() }, (page) =>
        page
          ? {
              ...page,
              list: {
                ...page.list,
                data: page.list.data.map((site) =>
                  marked.has(site.id) ? { ...site, [field]: value } : site,
                ),
              },
            }
          : page,
      );
    },
    onSuccess: (_data, { mark, ids, value }) => {
      // Blacklisting hides a site from the buyer's view of the catalogue: one click takes it back.
      const canUndo = mark === 'blacklists' && value;
      toast({
        title: MARK_MESSAGES[mark][String(value) as 'true' | 'false'],
        variant: 'success',
        action: canUndo
          ? { label: 'Undo', onClick: () => undo.current({ mark, ids, value: false }) }
          : undefined,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueQueries.lists() }),
  });
  const { mutate } = mutation;
  useEffect(() => {
    undo.current = mutate;
  }, [mutate]);
  return mutation;
}
