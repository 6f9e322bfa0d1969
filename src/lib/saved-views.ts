/**
 * Saved filters and column layouts (spec §3 "Saved view kinds"): the saved-views API and its
 * query hooks. A feature describes where its views live with a `SavedViewsSource`: an optional
 * key scope of their own in the query cache, and an optional offline mirror that keeps a copy of
 * each list and answers from it while the server cannot be reached.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SavedViewListSchema,
  type SavedView,
  type SavedViewKind,
} from '../../contract/saved-views.ts';
import { ApiError, apiClient, NetworkError } from './api-client.ts';

export type { SavedView, SavedViewKind };

/** A local copy of the saved views, one list per kind. */
export interface SavedViewsMirror {
  read: (kind: SavedViewKind) => Promise<SavedView[]>;
  replace: (kind: SavedViewKind, views: SavedView[]) => Promise<void>;
}

export interface SavedViewsSource {
  /** A segment of the query key, so one feature's lists are cached apart from another's. */
  scope?: string;
  /** Without a mirror the list relies on the persisted query cache while offline. */
  mirror?: SavedViewsMirror;
}

const PATH = '/v1/buyer/saved-views';

function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

function requestSavedViews(kind: SavedViewKind, signal?: AbortSignal): Promise<SavedView[]> {
  return apiClient
    .request(PATH, { query: { kind }, schema: SavedViewListSchema, signal })
    .then((body) => body.data);
}

async function fetchSavedViews(
  kind: SavedViewKind,
  source: SavedViewsSource,
  signal?: AbortSignal,
): Promise<SavedView[]> {
  const { mirror } = source;
  if (!mirror) return requestSavedViews(kind, signal);
  try {
    const views = await requestSavedViews(kind, signal);
    await mirror.replace(kind, views).catch(() => undefined);
    return views;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    return mirror.read(kind);
  }
}

/** Favourites first, then by name. */
export function sortViews(views: SavedView[]): SavedView[] {
  return [...views].sort(
    (a, b) => Number(b.is_favorite) - Number(a.is_favorite) || a.name.localeCompare(b.name),
  );
}

const NO_SOURCE: SavedViewsSource = {};

export const savedViewQueries = {
  all: (source: SavedViewsSource = NO_SOURCE) =>
    source.scope
      ? (['buyer', 'saved-views', source.scope] as const)
      : (['buyer', 'saved-views'] as const),
  list: (kind: SavedViewKind, source: SavedViewsSource = NO_SOURCE) => {
    const base = {
      queryKey: [...savedViewQueries.all(source), kind] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSavedViews(kind, source, signal),
      select: sortViews,
    };
    // With a mirror the list is read from it while offline, so the query runs without a network.
    return source.mirror ? queryOptions({ ...base, networkMode: 'always' }) : queryOptions(base);
  },
};

export function useSaveView(
  kind: SavedViewKind,
  itemLabel: string,
  source: SavedViewsSource = NO_SOURCE,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; value: unknown }) =>
      apiClient.request(PATH, {
        method: 'POST',
        body: { kind, name: input.name, value: input.value, is_favorite: false },
      }),
    meta: { successMessage: `${itemLabel} successfully saved` },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: savedViewQueries.list(kind, source).queryKey }),
  });
}

export function useUpdateView(kind: SavedViewKind, source: SavedViewsSource = NO_SOURCE) {
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
      queryClient.invalidateQueries({ queryKey: savedViewQueries.list(kind, source).queryKey }),
  });
}

export function useDeleteView(kind: SavedViewKind, source: SavedViewsSource = NO_SOURCE) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: Pick<SavedView, 'id'>) =>
      apiClient.request(`${PATH}/${encodeURIComponent(view.id)}`, { method: 'DELETE' }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: savedViewQueries.list(kind, source).queryKey }),
  });
}
