/**
 * Saved filters and column layouts (spec §3 "Saved view kinds"): the saved-views API, mirrored in
 * IndexedDB so they are still listed offline.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SavedViewListSchema,
  type SavedView,
  type SavedViewKind,
} from '../../../../contract/saved-views.ts';
import { ApiError, apiClient, NetworkError } from '../../../lib/api-client.ts';
import { readSavedViews, replaceSavedViews } from '../storage.ts';

export type { SavedView };

const PATH = '/v1/buyer/saved-views';

function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

async function fetchSavedViews(kind: SavedViewKind, signal?: AbortSignal): Promise<SavedView[]> {
  try {
    const body = await apiClient.request(PATH, {
      query: { kind },
      schema: SavedViewListSchema,
      signal,
    });
    const views = body.data;
    await replaceSavedViews(kind, views).catch(() => undefined);
    return views;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    return readSavedViews(kind);
  }
}

/** Favourites first, then by name. */
export function sortViews(views: SavedView[]): SavedView[] {
  return [...views].sort(
    (a, b) => Number(b.is_favorite) - Number(a.is_favorite) || a.name.localeCompare(b.name),
  );
}

export const savedViewQueries = {
  all: () => ['buyer', 'saved-views'] as const,
  list: (kind: SavedViewKind) =>
    queryOptions({
      queryKey: [...savedViewQueries.all(), kind] as const,
      queryFn: ({ signal }) => fetchSavedViews(kind, signal),
      select: sortViews,
      networkMode: 'always',
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
