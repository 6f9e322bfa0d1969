import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  NO_SOURCE,
  type SavedViewKind,
  savedViewQueries,
  type SavedViewsSource,
} from './queries.ts';
import { createSavedView, deleteSavedView, updateSavedView } from './requests.ts';

/** Each change settles by refetching the one list it touched. */
function useInvalidateList(kind: SavedViewKind, source: SavedViewsSource) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: savedViewQueries.list(kind, source).queryKey });
}

export function useSaveView(
  kind: SavedViewKind,
  itemLabel: string,
  source: SavedViewsSource = NO_SOURCE,
) {
  const onSettled = useInvalidateList(kind, source);
  return useMutation({
    mutationFn: (input: { name: string; value: unknown }) =>
      createSavedView(kind, input.name, input.value),
    meta: { successMessage: `${itemLabel} successfully saved` },
    onSettled,
  });
}

export function useUpdateView(kind: SavedViewKind, source: SavedViewsSource = NO_SOURCE) {
  const onSettled = useInvalidateList(kind, source);
  return useMutation({ mutationFn: updateSavedView, onSettled });
}

export function useDeleteView(kind: SavedViewKind, source: SavedViewsSource = NO_SOURCE) {
  const onSettled = useInvalidateList(kind, source);
  return useMutation({ mutationFn: deleteSavedView, onSettled });
}
