// The catalogue section's own pieces: the search box, the saved filters and layouts, the bar of
// actions on ticked rows, and what shows when no site matches.
import type { ColumnDef } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

import type { Site } from '#contract/catalogue.ts';
import type { MarkScope } from '#contract/favorites.ts';
import {
  type FilterState,
  parseFilterState,
  serializeFilterState,
} from '#contract/filter-state.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import type { SavedViewsMenuSlot } from '#src/features/saved-views/api/queries.ts';
import { type ColumnLayout, toColumnLayout } from '#src/hooks/use-column-layout.ts';

import { catalogueSavedViews } from '../api/queries.ts';
import type { SiteMark } from '../api/requests.ts';

const SEARCH_DEBOUNCE_MS = 400;

/** What can be done to all selected sites at once, in the order the buttons appear. */
const BULK_ACTIONS: readonly { mark: SiteMark; value: boolean; label: string }[] = [
  { mark: 'favorites', value: true, label: 'Add selected to favorites' },
  { mark: 'favorites', value: false, label: 'Remove selected from favorites' },
  { mark: 'blacklists', value: true, label: 'Add selected to blacklist' },
  { mark: 'blacklists', value: false, label: 'Remove selected from blacklist' },
];

/** The search box: sends what is typed once typing pauses. */
export function SearchBox({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    // The address changed (back button, reset): show what it says now.
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="w-full sm:w-72">
      <label htmlFor="catalogue-search" className="sr-only">
        Search by domain or keyword
      </label>
      <input
        id="catalogue-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search by domain or keyword"
        className="block w-full rounded-lg border-0 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600"
      />
    </div>
  );
}

/** The catalogue's saved filters and saved column layouts (spec §2 "Saved views"). */
export function CatalogueSavedViews({
  Menu,
  state,
  setState,
  layout,
  setLayout,
}: {
  Menu: SavedViewsMenuSlot;
  state: FilterState;
  setState: (next: FilterState) => void;
  layout: ColumnLayout;
  setLayout: (next: ColumnLayout) => void;
}) {
  return (
    <>
      <Menu
        kind="site_filters"
        title="Saved filters"
        itemLabel="Filter"
        currentValue={serializeFilterState({
          ...state,
          filter: { ...state.filter, only_favorite: undefined },
          page: undefined,
        })}
        onApply={(value) => {
          if (typeof value !== 'string') return;
          const applied = parseFilterState(value);
          // Whether the menu lists only favourite filters is its own setting, not a filter.
          const { only_favorite } = state.filter;
          setState({ ...applied, filter: { ...applied.filter, only_favorite } });
        }}
        favoritesOnly={state.filter.only_favorite === true}
        onFavoritesOnlyChange={(only) =>
          setState({
            ...state,
            filter: { ...state.filter, only_favorite: only || undefined },
          })
        }
        source={catalogueSavedViews}
      />
      <Menu
        kind="site_columns"
        title="Saved layouts"
        itemLabel="Layout"
        currentValue={layout}
        onApply={(value) => setLayout(toColumnLayout(value))}
        source={catalogueSavedViews}
      />
    </>
  );
}

/** The actions on the ticked rows, shown while at least one is ticked. */
export function SelectedSitesBar({
  count,
  onMark,
}: {
  count: number;
  onMark: (mark: SiteMark, value: boolean, scope: MarkScope) => void;
}) {
  const [isForCompany, setIsForCompany] = useState(false);
  return (
    <div
      role="region"
      aria-label="Selected sites"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
    >
      <span className="mr-2 font-medium">{count} selected</span>
      {BULK_ACTIONS.map(({ mark, value, label }) => (
        <Button
          key={label}
          size="sm"
          variant="secondary"
          onClick={() => onMark(mark, value, isForCompany ? 'company' : 'personal')}
        >
          {label}
        </Button>
      ))}
      <label className="flex items-center gap-1.5">
        <input
          type="checkbox"
          className="size-4 accent-indigo-600"
          checked={isForCompany}
          onChange={(event) => setIsForCompany(event.target.checked)}
        />
        For the company
      </label>
    </div>
  );
}

/** No site matches: the way back, when there is one (resetting the filters, clearing the search). */
export function NoSitesMatch({
  onResetFilters,
  onClearSearch,
}: {
  onResetFilters?: () => void;
  onClearSearch?: () => void;
}) {
  return (
    <div className="px-5 py-10 text-center">
      <p className="text-sm text-slate-600">
        No sites match these filters. Try widening or resetting them.
      </p>
      {onResetFilters || onClearSearch ? (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {onResetFilters ? (
            <Button variant="secondary" size="sm" onClick={onResetFilters}>
              Reset filters
            </Button>
          ) : null}
          {onClearSearch ? (
            <Button variant="secondary" size="sm" onClick={onClearSearch}>
              Clear search
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The columns the column chooser lists: those that can be hidden, each with its label. */
export function chooserColumnsOf(
  columns: readonly ColumnDef<Site>[],
  layout: ColumnLayout,
): { id: string; label: string; isVisible: boolean }[] {
  return columns
    .filter((column) => column.enableHiding !== false && column.id)
    .map((column) => ({
      id: column.id!,
      label: column.meta?.label ?? column.id!,
      isVisible: !layout.hidden.includes(column.id!),
    }));
}

/** Whether the rows are a saved copy, and how marks are kept while offline. */
export function CatalogueNotices({
  savedAt,
  isOnline,
}: {
  savedAt?: number | null;
  isOnline: boolean;
}) {
  return (
    <>
      {savedAt ? (
        <Alert variant="info" className="mb-3">
          Showing data saved on {dayjs(savedAt).format('DD/MM/YYYY HH:mm')}
        </Alert>
      ) : null}
      {isOnline ? null : (
        <p className="mb-3 text-sm text-amber-800">
          You are offline: favorite and blacklist changes are kept on this device and sent when the
          connection returns.
        </p>
      )}
    </>
  );
}
