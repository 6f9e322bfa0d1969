/**
 * Saved filters and column layouts (spec §3 "Saved view kinds"). A feature describes where its
 * views live with a `SavedViewsSource`: an optional key scope of their own in the query cache, and
 * an optional offline mirror that keeps a copy of each list and answers from it while the server
 * cannot be reached. A list page shows its views through the menu its route passes in as a
 * `SavedViewsMenuSlot`, so the page never imports this feature's components.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ComponentType } from 'react';

import type { SavedView, SavedViewKind } from '#contract/saved-views.ts';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';

import { fetchSavedViews } from './requests.ts';

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

/** What a list page hands to the saved-views menu its route composes into it. */
export interface SavedViewsMenuProps {
  kind: SavedViewKind;
  /** 'Saved filters' or 'Saved layouts'. */
  title: string;
  /** 'Filter' or 'Layout': used in labels and messages. */
  itemLabel: string;
  currentValue: unknown;
  onApply: (value: unknown) => void;
  /**
   * With both given, the menu offers an "Only favorites" switch that lists only the views marked
   * favourite. The caller keeps the setting (the catalogue keeps it in the address).
   */
  favoritesOnly?: boolean;
  onFavoritesOnlyChange?: (favoritesOnly: boolean) => void;
  /** Where the views are cached and mirrored for offline use (see `SavedViewsSource`). */
  source?: SavedViewsSource;
}

export type SavedViewsMenuSlot = ComponentType<SavedViewsMenuProps>;

function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

async function readSavedViews(
  kind: SavedViewKind,
  source: SavedViewsSource,
  signal?: AbortSignal,
): Promise<SavedView[]> {
  const { mirror } = source;
  if (!mirror) return fetchSavedViews(kind, signal);
  try {
    const views = await fetchSavedViews(kind, signal);
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

export const NO_SOURCE: SavedViewsSource = {};

export const savedViewQueries = {
  all: (source: SavedViewsSource = NO_SOURCE) =>
    source.scope
      ? (['buyer', 'saved-views', source.scope] as const)
      : (['buyer', 'saved-views'] as const),
  list: (kind: SavedViewKind, source: SavedViewsSource = NO_SOURCE) => {
    const base = {
      queryKey: [...savedViewQueries.all(source), kind] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => readSavedViews(kind, source, signal),
      select: sortViews,
    };
    // With a mirror the list is read from it while offline, so the query runs without a network.
    return source.mirror ? queryOptions({ ...base, networkMode: 'always' }) : queryOptions(base);
  },
};
