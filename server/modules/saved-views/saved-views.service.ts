import {
  SAVED_VIEW_NAME_TAKEN_MESSAGE,
  type SavedView,
  type SavedViewCreate,
  type SavedViewKind,
  type SavedViewList,
  type SavedViewUpdate,
} from '#contract/saved-views.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';

import {
  deleteSavedView,
  findSavedView,
  findSavedViews,
  insertSavedView,
  isNameTaken,
  type SavedViewRow,
  updateSavedView,
} from './saved-views.repository.ts';

export interface SavedViewsService {
  list(userId: string, kind: SavedViewKind | undefined): Promise<SavedViewList>;
  create(userId: string, input: SavedViewCreate): Promise<SavedView>;
  update(userId: string, id: string, input: SavedViewUpdate): Promise<SavedView>;
  remove(userId: string, id: string): Promise<void>;
}

function nameTaken(): ApiError {
  return new ApiError(409, SAVED_VIEW_NAME_TAKEN_MESSAGE, {
    violations: [{ path: 'name', message: SAVED_VIEW_NAME_TAKEN_MESSAGE }],
  });
}

export function createSavedViewsService({
  db,
  now,
}: {
  db: Database;
  now: Clock;
}): SavedViewsService {
  return {
    list: async (userId, kind) => ({
      data: (await findSavedViews(db, userId, kind)).map(toSavedView),
    }),
    create: async (userId, input) => {
      const at = now();
      const row = await insertSavedView(db, {
        userId,
        kind: input.kind,
        name: input.name,
        value: input.value,
        isFavorite: input.is_favorite ?? false,
        createdAt: at,
        updatedAt: at,
      });
      if (!row) throw nameTaken();
      return toSavedView(row);
    },
    update: async (userId, id, input) => {
      // Another buyer's view is answered like a missing one.
      const current = await findSavedView(db, userId, id);
      if (!current) throw notFound();
      if (
        input.name !== undefined &&
        (await isNameTaken(db, { userId, kind: current.kind, name: input.name, exceptId: id }))
      ) {
        throw nameTaken();
      }
      const row = await updateSavedView(db, userId, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.value !== undefined ? { value: input.value } : {}),
        ...(input.is_favorite !== undefined ? { isFavorite: input.is_favorite } : {}),
        updatedAt: now(),
      });
      if (!row) throw notFound();
      return toSavedView(row);
    },
    remove: async (userId, id) => {
      if (!(await deleteSavedView(db, userId, id))) throw notFound();
    },
  };
}

function toSavedView(row: SavedViewRow): SavedView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    value: row.value,
    is_favorite: row.isFavorite,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
