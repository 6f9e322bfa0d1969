import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef } from 'react';

import type { FilterValues } from '#contract/filter-state.ts';
import { Button } from '#src/components/button.tsx';

import { catalogueQueries } from '../api/queries.ts';
import { type ActiveFilter, activeFilters, type ListSource } from '../filter-labels.ts';

const NO_TITLES: ReadonlyMap<string, string> = new Map();

/** The titles of a reference list by id, fetched only while one of its values is a filter. */
function useTitles(kind: 'countries' | 'niches' | 'placements', isNeeded: boolean) {
  const query = useQuery({ ...catalogueQueries.reference(kind), enabled: isNeeded });
  return useMemo(
    () => (query.data ? new Map(query.data.map((item) => [item.id, item.title])) : undefined),
    [query.data],
  );
}

/** The sheet's filters that narrow the list now, each named as the sheet names it. */
export function useActiveFilters(filter: FilterValues): ActiveFilter[] {
  const countries = useTitles('countries', Boolean(filter.main_countries?.length));
  const niches = useTitles('niches', Boolean(filter.niche?.length));
  const placements = useTitles('placements', Boolean(filter.placements?.length));
  return useMemo(() => {
    const titlesOf = (source: ListSource): ReadonlyMap<string, string> | undefined => {
      if (source.options) return new Map(source.options.map((o) => [o.id, o.title]));
      if (source.key === 'main_countries') return countries;
      if (source.key === 'niche') return niches;
      if (source.key === 'placements') return placements;
      // Topics and languages are kept by title: their values name themselves.
      return NO_TITLES;
    };
    return activeFilters(filter, titlesOf);
  }, [filter, countries, niches, placements]);
}

/** The Filters button's name: with the number of filters narrowing the list, when there are any. */
function filtersButtonName(count: number): string {
  return count > 0 ? `Filters, ${count} active` : 'Filters';
}

/** The Filters button: its name, the number of active filters as a badge. */
export function FiltersButton({
  id,
  count,
  onClick,
}: {
  id: string;
  count: number;
  onClick: () => void;
}) {
  return (
    <Button
      id={id}
      // The badge's number, read with what it counts.
      aria-label={filtersButtonName(count)}
      variant="secondary"
      size="sm"
      onClick={onClick}
    >
      Filters
      {/* A space in the text too: the name read out contains what is shown ("Filters 4"). */}
      {count > 0 ? ' ' : null}
      {count > 0 ? (
        <span className="-mr-1 inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs leading-5 font-semibold text-white">
          {count}
        </span>
      ) : null}
    </Button>
  );
}

/**
 * One chip per filter that narrows the list, each with its remove button, and a reset to the
 * default filters while they differ from them.
 */
export function ActiveFilterChips({
  filters,
  onRemove,
  onReset,
  onFocusLost,
}: {
  filters: ActiveFilter[];
  onRemove: (key: keyof FilterValues) => void;
  /** Absent while the filters are the defaults: a reset would change nothing. */
  onReset?: () => void;
  /** Called when the control that had focus went with the filter it removed and none is left. */
  onFocusLost: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  // The place of the chip whose remove button was used: focus moves to the chip that takes it.
  const removed = useRef<{ key: keyof FilterValues; index: number } | null>(null);
  const count = filters.length;
  useLayoutEffect(() => {
    if (!removed.current || filters.some((f) => f.key === removed.current?.key)) return;
    const { index } = removed.current;
    removed.current = null;
    const buttons = box.current?.querySelectorAll<HTMLButtonElement>('li button') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else onFocusLost();
  }, [filters, onFocusLost]);

  if (count === 0 && !onReset) return null;
  return (
    <div ref={box} className="mb-2 flex flex-wrap items-center gap-2">
      {filters.length ? (
        <ul aria-label="Active filters" className="flex flex-wrap items-center gap-1.5">
          {filters.map((filter) => (
            <li
              key={filter.key}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 pl-2.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset"
            >
              <span className="min-w-0 break-words">{filter.text}</span>
              <button
                type="button"
                aria-label={`Remove filter: ${filter.text}`}
                title="Remove filter"
                onClick={() => {
                  removed.current = { key: filter.key, index: filters.indexOf(filter) };
                  onRemove(filter.key);
                }}
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-indigo-600 hover:bg-indigo-100 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5" fill="none">
                  <path
                    d="M4 4l8 8M12 4l-8 8"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {onReset ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            onReset();
            onFocusLost();
          }}
          className="h-6 px-2 text-indigo-700"
        >
          Reset filters
        </Button>
      ) : null}
    </div>
  );
}
