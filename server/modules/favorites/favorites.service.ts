import type { Violation } from '#contract/errors.ts';
import {
  type FavoriteItems,
  type FavoriteItemsUpdate,
  type MarkScope,
  SAVED_VIEW_NOT_FOUND_MESSAGE,
  SITE_NOT_FOUND_MESSAGE,
} from '#contract/favorites.ts';
import type { Database } from '#server/db/database.ts';
import { blacklistedSites, favoriteSites } from '#server/db/schema/index.ts';
import { RequestValidationError } from '#server/http/validation.ts';
import type { SitesService } from '#server/modules/sites/sites.service.ts';

import {
  addCompanyMarks,
  addMarks,
  findCompanyMarkedDomains,
  findFavoriteFilters,
  findMarkedDomains,
  findOwnSiteFilterIds,
  type MarkTable,
  removeCompanyMarks,
  removeMarks,
  replaceMarks,
  setFavoriteFilters,
} from './favorites.repository.ts';

export type MarkList = 'favorites' | 'blacklists';

const TABLES: Record<MarkList, MarkTable> = {
  favorites: favoriteSites,
  blacklists: blacklistedSites,
};

/**
 * Who marks: the signed-in user and the company account they work in (null without one; the
 * route's permission check lets nobody without one reach the company's lists).
 */
export interface Marker {
  userId: string;
  companyId: string | null;
}

export interface FavoritesService {
  add(marker: Marker, list: MarkList, siteIds: readonly string[], scope?: MarkScope): Promise<void>;
  remove(
    marker: Marker,
    list: MarkList,
    siteIds: readonly string[],
    scope?: MarkScope,
  ): Promise<void>;
  getItems(marker: Marker): Promise<FavoriteItems>;
  putItems(marker: Marker, update: FavoriteItemsUpdate): Promise<FavoriteItems>;
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
  const getItems = async ({ userId, companyId }: Marker): Promise<FavoriteItems> => {
    const [favorites, blacklisted, companyFavorites, companyBlacklisted, filters] =
      await Promise.all([
        findMarkedDomains(db, favoriteSites, userId),
        findMarkedDomains(db, blacklistedSites, userId),
        findCompanyMarkedDomains(db, 'favorites', companyId),
        findCompanyMarkedDomains(db, 'blacklists', companyId),
        findFavoriteFilters(db, userId),
      ]);
    return {
      favorite_domains: favorites,
      blacklisted_domains: blacklisted,
      company_favorite_domains: companyFavorites,
      company_blacklisted_domains: companyBlacklisted,
      favorite_filters: filters,
    };
  };
  /** The company whose list a company-scoped change goes to. */
  const companyOf = ({ companyId }: Marker): string => {
    if (companyId === null) throw new Error('A company mark reached the service without a company');
    return companyId;
  };

  return {
    add: async (marker, list, siteIds, scope = 'personal') => {
      const violations = await requireSites('ids', siteIds);
      if (violations.length > 0) throw invalid(violations);
      if (scope === 'company') {
        await addCompanyMarks(
          db,
          list,
          { userId: marker.userId, companyId: companyOf(marker) },
          siteIds,
        );
      } else {
        await addMarks(db, TABLES[list], marker.userId, siteIds);
      }
    },
    remove: async (marker, list, siteIds, scope = 'personal') => {
      const violations = await requireSites('ids', siteIds);
      if (violations.length > 0) throw invalid(violations);
      if (scope === 'company') {
        await removeCompanyMarks(db, list, companyOf(marker), siteIds);
      } else {
        await removeMarks(db, TABLES[list], marker.userId, siteIds);
      }
    },
    getItems,
    putItems: async (marker, update) => {
      const { userId } = marker;
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
      return getItems(marker);
    },
  };
}
