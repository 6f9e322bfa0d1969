import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { SiteList } from '#contract/catalogue.ts';
import { type FilterState, serverQueryString } from '#contract/filter-state.ts';
import type { SavedViewsSource } from '#src/features/saved-views/api/queries.ts';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';

import {
  readCataloguePage,
  readSavedViews,
  replaceSavedViews,
  saveCataloguePage,
} from '../storage.ts';
import {
  fetchReference,
  fetchSiteDetail,
  fetchSites,
  type ReferenceKind,
  searchTlds,
} from './requests.ts';
import { waitingMarks, withWaitingMarks } from './site-marks.ts';

/** Saved filters and layouts are mirrored in IndexedDB, so they are still listed offline. */
export const catalogueSavedViews: SavedViewsSource = {
  mirror: {
    read: (kind) => readSavedViews(kind),
    replace: (kind, views) => replaceSavedViews(kind, views),
  },
};

export const NOT_VIEWED_OFFLINE_MESSAGE =
  'This page is not saved on this device. Open it once while online to see it offline.';

/** The requested page was never stored and the server cannot be reached. */
export class NotAvailableOfflineError extends Error {
  constructor(cause: unknown) {
    super(NOT_VIEWED_OFFLINE_MESSAGE, { cause });
    this.name = 'NotAvailableOfflineError';
  }
}

export interface SitePage {
  list: SiteList;
  /** Set when the page comes from the offline copy: when it was stored. */
  savedAt: number | null;
}

/**
 * Stores the offline copy of a page after the page is drawn: writing to IndexedDB copies the
 * whole page on the main thread, which should not lengthen the task that shows it.
 */
function saveWhenIdle(key: string, list: SiteList) {
  const save = () => void saveCataloguePage(key, list).catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(save, { timeout: 1000 });
  else setTimeout(save, 0);
}

/** Whether a failure means "no answer from the server" rather than "the server said no". */
function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

export const catalogueQueries = {
  all: () => ['buyer', 'sites'] as const,
  lists: () => [...catalogueQueries.all(), 'list'] as const,
  /**
   * One page of the list. Its key is the query the request sends (decision 190), so states that
   * differ only in client-only keys share the cache entry and the offline copy. Written here, not
   * in the catalogue worker: it takes microseconds, and the page that shows the list has the codec
   * loaded already; starting the worker for it would add its whole bundle to the first load
   * (decision 110).
   */
  list: (state: FilterState, options: { today: string; defaultLimit: number }) =>
    catalogueQueries.page(serverQueryString(state, options)),
  page: (key: string) =>
    queryOptions({
      queryKey: [...catalogueQueries.lists(), key] as const,
      queryFn: async ({ signal }): Promise<SitePage> => {
        try {
          const list = await fetchSites(key, signal);
          saveWhenIdle(key, list);
          return { list, savedAt: null };
        } catch (error) {
          if (!isUnreachable(error)) throw error;
          const stored = await readCataloguePage(key);
          if (stored) {
            // The saved copy, with the marks made since that still wait to be sent.
            const marks = await waitingMarks().catch(() => []);
            const data = withWaitingMarks(
              stored.data.data,
              marks.map((entry) => entry.variables),
            );
            return { list: { ...stored.data, data }, savedAt: stored.savedAt };
          }
          throw new NotAvailableOfflineError(error);
        }
      },
      // Runs while offline too: the answer then comes from the stored copy.
      networkMode: 'always',
      // A page shown again is asked for again (the one in memory shows meanwhile), so offline it
      // says it is the copy saved on the device.
      staleTime: 0,
      retry: false,
      placeholderData: keepPreviousData,
      meta: { persist: false },
    }),
  detail: (id: string, buyerDomain: string | null) =>
    queryOptions({
      queryKey: [...catalogueQueries.all(), 'detail', id, buyerDomain] as const,
      queryFn: ({ signal }) => fetchSiteDetail(id, buyerDomain, signal),
    }),
  reference: (kind: ReferenceKind) =>
    queryOptions({
      queryKey: ['common', 'reference', kind] as const,
      queryFn: ({ signal }) => fetchReference(kind, signal),
      staleTime: 60 * 60 * 1000,
    }),
  tldLookup: (term: string) =>
    queryOptions({
      queryKey: ['common', 'reference', 'tlds', 'search', term] as const,
      queryFn: ({ signal }) => searchTlds(term, signal),
      staleTime: 60 * 60 * 1000,
    }),
};
