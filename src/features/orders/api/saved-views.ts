/**
 * Saved column layouts of the orders tables (spec §3 "Saved view kinds": order_columns,
 * order_item_columns, order_article_columns, order_topic_columns). The list is kept in the
 * persisted query cache, so it is still listed offline.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SavedViewListSchema,
  type SavedView,
  type SavedViewKind,
} from '../../../../contract/saved-views.ts';
import { apiClient } from '../../../lib/api-client.ts';

export type { SavedView };

const PATH = '/v1/buyer/saved-views';

function fetchSavedViews(kind: SavedViewKind, signal?: AbortSignal): Promise<SavedView[]> {
  return apiClient
    .request(PATH, { query: { kind }, schema: SavedViewListSchema, signal })
    .then((body) => body.data);
}

/** Favourites first, then by name. */
export function sortViews(views: SavedView[]): SavedView[] {
  return [...views].sort(
    (a, b) => Number(b.is_favorite) - Number(a.is_favorite) || a.name.localeCompare(b.name),
  );
}

export const savedViewQueries = {
  all: () => ['buyer', 'saved-views', 'orders'] as const,
  list: (kind: SavedViewKind) =>
    queryOptions({
      queryKey: [...savedViewQueries.all(), kind] as const,
      queryFn: ({ signal }) => fetchSavedViews(kind, signal),
      select: sortViews,
    }),
};

export function useSaveView(kind: SavedViewKind, itemLabel: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; value: unknown }) =>
      apiClient.request(PATH, {
        method: 'POST',
        body: { kind, name: input.name, value: input.value, is_favorite: false },
      }),
    meta: { successMessage: `${itemLabel} successfully saved` },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: savedViewQueries.list(kind).queryKey }),
  });
}

export function useUpdateView(kind: SavedViewKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: Pick<SavedView, 'id' | 'is_favorite'>) =>
      apiClient.request(`${PATH}/${encodeURIComponent(view.id)}`, {
        method: 'PUT',
        body: {
          is_favorite: view.is_favorite,
        },
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: savedViewQueries.list(kind).queryKey }),
  });
}

export function useDeleteView(kind: SavedViewKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: Pick<SavedView, 'id'>) =>
      apiClient.request(`${PATH}/${encodeURIComponent(view.id)}`, { method: 'DELETE' }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: savedViewQueries.list(kind).queryKey }),
  });
}
