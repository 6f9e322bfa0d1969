import {
  type SavedView,
  savedViewEndpoints as endpoints,
  type SavedViewKind,
} from '#contract/saved-views.ts';
import { apiClient } from '#src/lib/api-client.ts';

export function fetchSavedViews(kind: SavedViewKind, signal?: AbortSignal): Promise<SavedView[]> {
  return apiClient.call(endpoints.list, { query: { kind }, signal }).then((body) => body.data);
}

export function createSavedView(kind: SavedViewKind, name: string, value: unknown) {
  return apiClient.call(endpoints.create, {
    body: { kind, name, value, is_favorite: false },
  });
}

export function updateSavedView(view: Pick<SavedView, 'id' | 'is_favorite'>) {
  return apiClient.call(endpoints.update, {
    params: { id: view.id },
    body: { is_favorite: view.is_favorite },
  });
}

export function deleteSavedView(view: Pick<SavedView, 'id'>) {
  return apiClient.call(endpoints.remove, { params: { id: view.id } });
}
