import { SavedViewListSchema, type SavedView, type SavedViewKind } from '#contract/saved-views.ts';
import { apiClient } from '#src/lib/api-client.ts';

const PATH = '/v1/buyer/saved-views';
const one = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export function fetchSavedViews(kind: SavedViewKind, signal?: AbortSignal): Promise<SavedView[]> {
  return apiClient
    .request(PATH, { query: { kind }, schema: SavedViewListSchema, signal })
    .then((body) => body.data);
}

export function createSavedView(kind: SavedViewKind, name: string, value: unknown) {
  return apiClient.request(PATH, {
    method: 'POST',
    body: { kind, name, value, is_favorite: false },
  });
}

export function updateSavedView(view: Pick<SavedView, 'id' | 'is_favorite'>) {
  return apiClient.request(one(view.id), {
    method: 'PUT',
    body: { is_favorite: view.is_favorite },
  });
}

export function deleteSavedView(view: Pick<SavedView, 'id'>) {
  return apiClient.request(one(view.id), { method: 'DELETE' });
}
