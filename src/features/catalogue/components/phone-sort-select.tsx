import type { SiteSortColumn, SortDirection } from '#contract/catalogue.ts';
import { type FilterState, setSort } from '#contract/filter-state.ts';
import { SITE_METRICS } from '#contract/site-metrics.ts';

const NONE = '';

/** The columns a buyer sorts by on a phone, where the table's header row is not shown. */
const OPTIONS: { column: SiteSortColumn; label: string }[] = [
  { column: 'hostname', label: 'Domain' },
  ...SITE_METRICS.filter((metric) => metric.sortable).map((metric) => ({
    column: metric.key as SiteSortColumn,
    label: metric.filterLabel,
  })),
];

function directionText(column: SiteSortColumn, direction: SortDirection): string {
  if (column === 'hostname') return direction === 'ASC' ? 'A to Z' : 'Z to A';
  return direction === 'ASC' ? 'low to high' : 'high to low';
}

/**
 * Sorting on a phone, where the catalogue reads as cards and the column headers are not shown:
 * one choice of column and direction, written into the address like a header's sort.
 */
export function PhoneSortSelect({
  state,
  onChange,
}: {
  state: FilterState;
  onChange: (next: FilterState) => void;
}) {
  const [first] = Object.entries(state.sorting);
  const value = first ? `${first[0]}:${first[1]}` : NONE;
  return (
    <label className="flex w-full items-center gap-2 text-sm text-slate-700 md:hidden">
      Sort by
      <select
        value={value}
        onChange={(event) => {
          const [column, direction] = event.target.value.split(':') as [
            SiteSortColumn,
            SortDirection | undefined,
          ];
          onChange(
            direction
              ? setSort(state, column, direction)
              : { ...state, sorting: {}, page: undefined },
          );
        }}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
      >
        <option value={NONE}>Not sorted</option>
        {OPTIONS.flatMap(({ column, label }) =>
          (['DESC', 'ASC'] as const).map((direction) => (
            <option key={`${column}:${direction}`} value={`${column}:${direction}`}>
              {label}, {directionText(column, direction)}
            </option>
          )),
        )}
      </select>
    </label>
  );
}
