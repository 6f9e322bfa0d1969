import type { Violation } from '#contract/errors.ts';
import {
  type FavoriteItems,
  type FavoriteItemsUpdate,
  SAVED_VIEW_NOT_FOUND_MESSAGE,
  SITE_NOT_FOUND_MESSAGE,
} from '#contract/favorites.ts';
import type { Database } from '#server/db/database.ts';
import { blacklistedSites, favoriteSites } from '#server/db/schema/index.ts';
import { RequestValidationError } from '#server/http/validation.ts';
import type { SitesService } from '#server/modules/sites/sites.service.ts';

import {
  addMarks,
  findFavoriteFilters,
  findMarkedDomains,
  findOwnSiteFilterIds,
  type MarkTable,
  removeMarks,
  replaceMarks,
  setFavoriteFilters,
} from './favorites.repository.ts';

export type MarkList = 'favorites' | 'blacklists';

const TABLES: Record<MarkList, MarkTable> = {
  favorites: favoriteSites,
  blacklists: blacklistedSites,
};

export interface FavoritesService {
  add(userId: string, list: MarkList, siteIds: readonly string[]): Promise<void>;
  remove(userId: string, list: MarkList, siteIds: readonly string[]): Promise<void>;
  getItems(userId: string): Promise<FavoriteItems>;
  putItems(userId: string, update: FavoriteItemsUpdate): Promise<FavoriteItems>;
}

function invalid(violations: Violation[]): RequestValidationError {
  return new RequestValidationError(violations);
}

/** One violation per id that is not in `known`, at `path[index]`. */
function unknownIds(
  path: string,
  ids: readonly string[],
  known: ReadonlySet<string>,
  message: string,
): Violation[] {
  return ids.flatMap((id, index) =>
    known.has(id) ? [] : [{ path: `${path}[${index}]`, message, parameters: { id } }],
  );
}

export function createFavoritesService({
  db,
  sites,
}: {
  db: Database;
  /** Which ids name catalogue sites: the catalogue's own answer. */
  sites: Pick<SitesService, 'existingSiteIds'>;
}): FavoritesService {
  const requireSites = async (path: string, ids: readonly string[]) => {
    const known = await sites.existingSiteIds(ids);
    return unknownIds(path, ids, known, SITE_NOT_FOUND_MESSAGE);
  };
  const getItems = async (userId: string): Promise<FavoriteItems> => {
    const [favorites, blacklisted, filters] = await Promise.all([
      findMarkedDomains(db, favoriteSites, userId),
      findMarkedDomains(db, blacklistedSites, userId),
      findFavoriteFilters(db, userId),
    ]);
    return {
      favorite_domains: favorites,
      blacklisted_domains: blacklisted,
      favorite_filters: filters,
    };
  };

  return {
    add: async (userId, list, siteIds) => {
      const violations = await requireSites('ids', siteIds);
      if (violations.length > 0) throw invalid(violations);
      await addMarks(db, TABLES[list], userId, siteIds);
    },
    remove: async (userId, list, siteIds) => {
      const violations = await requireSites('ids', siteIds);
      if (violations.length > 0) throw invalid(violations);
      await removeMarks(db, TABLES[list], userId, siteIds);
    },
    getItems,
    putItems: async (userId, update) => {
      const violations = [
        ...(await requireSites('favorite_domains', update.favorite_domains ?? [])),
        ...(await requireSites('blacklisted_domains', update.blacklisted_domains ?? [])),
      ];
      const filters = update.favorite_filters ?? [];
      const ownFilters = await findOwnSiteFilterIds(db, userId, filters);
      violations.push(
        ...unknownIds('favorite_filters', filters, ownFilters, SAVED_VIEW_NOT_FOUND_MESSAGE),
      );
      if (violations.length > 0) throw invalid(violations);
      await db.transaction(async (tx) => {
        if (update.favorite_domains) {
          await replaceMarks(tx, favoriteSites, userId, update.favorite_domains);
        }
        if (update.blacklisted_domains) {
          await replaceMarks(tx, blacklistedSites, userId, update.blacklisted_domains);
        }
        if (update.favorite_filters) await setFavoriteFilters(tx, userId, update.favorite_filters);
      });
      return getItems(userId);
    },
  };
}
