import {
  type Column,
  flexRender,
  getCoreRowModel,
  type Row,
  type RowSelectionState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useMemo, useRef } from 'react';

import type { Site, SiteSortColumn, SortDirection } from '#contract/catalogue.ts';
import type { MarkScope } from '#contract/favorites.ts';
import type { SiteSorting } from '#contract/filter-state.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { ColumnHeader, type ColumnHeaderProps } from '#src/components/data-table/column-header.tsx';
import { HeaderKeysHint } from '#src/components/data-table/header-keys-hint.tsx';
import { TableScrollHint } from '#src/components/data-table/pinned-cells.tsx';
import { useRovingHeader } from '#src/components/data-table/use-roving-header.ts';
import { Skeleton } from '#src/components/skeleton.tsx';
import { Tooltip } from '#src/components/tooltip.tsx';
import { useMediaQuery } from '#src/hooks/use-media-query.ts';
import { useScrollOverflow } from '#src/hooks/use-scroll-overflow.ts';
import { cx } from '#src/utils/class-names.ts';

import type { SiteMark } from '../api/requests.ts';
import type { SiteColumn } from './site-columns.tsx';

export interface CatalogueTableProps {
  sites: Site[];
  columns: SiteColumn[];
  isLoading: boolean;
  isFetching: boolean;
  sorting: SiteSorting;
  columnVisibility: VisibilityState;
  rowSelection: RowSelectionState;
  onRowSelectionChange: (next: RowSelectionState) => void;
  onSort: (column: SiteSortColumn, direction: SortDirection | null, add: boolean) => void;
  onHideColumn: (id: string) => void;
  onMark: (mark: SiteMark, site: Site, value: boolean, scope: MarkScope) => void;
  skeletonRows: number;
}

/** From md up the table scrolls in its own box, so rows out of that box need not be drawn. */
const WIDE_QUERY = '(min-width: 48rem)';
/** A page of up to this many rows is drawn whole: the default page, and every page on a phone. */
const DRAW_ALL_UP_TO = 25;
/** A row with a price is two lines high; measured once drawn. */
const ROW_HEIGHT_ESTIMATE = 53;
/** Rows drawn beyond each edge of the box: Tab and the arrows reach them before they show. */
const OVERSCAN_ROWS = 8;
/**
 * The rows the table shows first, before React draws the whole first page in the background: a
 * screenful (the catalogue starts below the dashboard's first screen, so a few are enough).
 */
const FIRST_ROWS = { wide: 8, phone: 3 };
const NO_SITES: Site[] = [];
const VirtualRows = lazy(() =>
  import('./virtual-rows.tsx').then((module) => ({ default: module.VirtualRows })),
);

const checkboxClass =
  'size-4 rounded border-slate-300 text-indigo-600 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-4"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
    >
      <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </svg>
  );
}

/** A building: a mark the company account shares with its members (decision 207). */
function CompanyIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-4"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
    >
      <path d="M4 21V4.5L14 3v18m0-12 6 1.5V21M2 21h20" />
    </svg>
  );
}

/**
 * Price and the row's actions stay in view from md up while the table scrolls sideways, pinned to
 * the right edge, the actions column at a fixed width; from lg up the domain too, pinned to the
 * left edge once the marks before it have scrolled away (decisions 066, 096). Pinned cells are
 * opaque; while columns lie under one (the scroll box says so in `data-start` / `data-end`), its
 * inner edge has a darker hairline and a shadow, so it reads as laid over them and says that the
 * table scrolls that way. Static classes: the rows need not render again as the table scrolls.
 */
function pinnedClasses(columnId: string, isHeader: boolean, isSelected = false): string | false {
  const background = isHeader
    ? 'md:bg-slate-50'
    : isSelected
      ? 'md:bg-indigo-50'
      : 'md:bg-white md:group-hover:bg-slate-50';
  if (columnId === 'hostname') {
    // From lg only: on a tablet a pinned domain beside the pinned price and actions would leave
    // the figures a sliver.
    return cx(
      'lg:sticky lg:left-0 lg:shadow-[1px_0_0_0_#e2e8f0]',
      isHeader ? 'lg:z-30 lg:bg-slate-50' : 'lg:z-10',
      !isHeader && (isSelected ? 'lg:bg-indigo-50' : 'lg:bg-white lg:group-hover:bg-slate-50'),
      'lg:group-data-start/scroll:shadow-[1px_0_0_0_#cbd5e1]',
      'lg:group-data-start/scroll:after:pointer-events-none lg:group-data-start/scroll:after:absolute lg:group-data-start/scroll:after:top-0 lg:group-data-start/scroll:after:-bottom-px lg:group-data-start/scroll:after:left-full lg:group-data-start/scroll:after:w-4 lg:group-data-start/scroll:after:bg-linear-to-r lg:group-data-start/scroll:after:from-slate-900/15',
    );
  }
  if (columnId === 'actions') {
    return cx('md:sticky md:right-0 md:w-48 md:min-w-48', isHeader && 'md:z-30', background);
  }
  if (columnId === 'price') {
    return cx(
      'md:sticky md:right-48 md:shadow-[-1px_0_0_0_#e2e8f0]',
      'md:group-data-end/scroll:shadow-[-1px_0_0_0_#cbd5e1]',
      'md:group-data-end/scroll:after:pointer-events-none md:group-data-end/scroll:after:absolute md:group-data-end/scroll:after:top-0 md:group-data-end/scroll:after:-bottom-px md:group-data-end/scroll:after:right-full md:group-data-end/scroll:after:w-4 md:group-data-end/scroll:after:bg-linear-to-l md:group-data-end/scroll:after:from-slate-900/15',
      isHeader && 'md:z-30',
      background,
    );
  }
  return false;
}

/**
 * Below md each row is a card of three columns: the row's marks, the domain on a line of its own,
 * the figures under their names, and the row's actions to close it (decision 096).
 */
function cardClasses(columnId: string): string {
  if (columnId === 'hostname') return 'max-md:col-span-3 max-md:text-base';
  if (columnId === 'actions') return 'max-md:col-span-3';
  return cx('max-md:flex max-md:flex-col max-md:gap-0.5', CARD_LABEL);
}

/** The hostname heads its card and the actions close it: neither needs its column's name. */
function hasCardLabel(columnId: string): boolean {
  return columnId !== 'hostname' && columnId !== 'actions';
}

/** A card cell's column name, from its `data-label`, above its value (alternative text empty). */
const CARD_LABEL =
  "max-md:before:text-xs max-md:before:font-medium max-md:before:text-slate-600 max-md:before:uppercase max-md:before:content-[attr(data-label)_/_'']";

/**
 * A data column's title and menu. Memoised: each holds a Headless UI menu, and a filter change
 * that leaves the column's sorting alone need not render it again (`onSort` and `onHideColumn`
 * are stable).
 */
const DataColumnHeader = memo(function DataColumnHeader({
  columnId,
  sortColumn,
  onSort,
  onHideColumn,
  ...props
}: Omit<ColumnHeaderProps, 'onSort' | 'onHide'> & {
  columnId: string;
  sortColumn: SiteSortColumn | undefined;
  onSort: CatalogueTableProps['onSort'];
  onHideColumn: CatalogueTableProps['onHideColumn'];
}) {
  return (
    <ColumnHeader
      {...props}
      sortColumn={sortColumn}
      onSort={(direction, add) => sortColumn && onSort(sortColumn, direction, add)}
      onHide={() => onHideColumn(columnId)}
    />
  );
});

interface SiteRowProps {
  row: Row<Site>;
  /** The row's place in the page, for the virtualiser and `aria-rowindex`. */
  index: number;
  /** Set while only the rows in view are drawn: measures the row's height. */
  measure?: (element: HTMLTableRowElement | null) => void;
  /** The visible columns: TanStack Table keeps the same array while the layout is unchanged. */
  columns: Column<Site, unknown>[];
  isSelected: boolean;
}

/**
 * One site's row. It renders again only when its site, its selection or the visible columns
 * change: TanStack Table builds new row objects for every new page of data, while the site
 * objects of rows that did not change are kept (a mark replaces only the marked sites).
 */
const SiteRow = memo(
  function SiteRow({ row, index, measure, isSelected }: SiteRowProps) {
    return (
      <tr
        ref={measure}
        data-index={index}
        aria-rowindex={measure ? index + 2 : undefined}
        className={cx(
          'group hover:bg-slate-50/80',
          'max-md:grid max-md:grid-cols-3 max-md:gap-x-3 max-md:gap-y-2 max-md:border-b max-md:border-slate-200 max-md:px-3 max-md:py-3',
          // Solid, as the pinned cells of the row are.
          isSelected && 'bg-indigo-50',
          (row.original.is_in_blacklist || row.original.is_in_company_blacklist) &&
            'text-slate-400',
          // A card out of view on a phone is laid out and painted only when it scrolls near.
          'max-md:[contain-intrinsic-size:auto_12rem] max-md:[content-visibility:auto]',
        )}
      >
        {row.getVisibleCells().map((cell) => (
          <td
            key={cell.id}
            // The header row is hidden on a phone: there each cell names its column before its
            // value, drawn from this attribute with no element of its own (one per cell was a
            // fifth of the page's elements). Its alternative text is empty: screen readers hear
            // the column header, not this copy.
            data-label={
              hasCardLabel(cell.column.id) ? cell.column.columnDef.meta?.label : undefined
            }
            className={cx(
              'border-b border-slate-100 px-3 py-2 whitespace-nowrap text-slate-700',
              cell.column.columnDef.meta?.isNumeric && 'text-right tabular-nums',
              pinnedClasses(cell.column.id, false, isSelected),
              'max-md:border-0 max-md:p-0 max-md:text-left max-md:whitespace-normal',
              cardClasses(cell.column.id),
            )}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    );
  },
  (before, after) =>
    before.row.original === after.row.original &&
    before.index === after.index &&
    before.measure === after.measure &&
    before.columns === after.columns &&
    before.isSelected === after.isSelected,
);

/**
 * The columns before the data: the row's tick box, its favourite toggles and its blacklist boxes,
 * each one just for the buyer and one for the company (decision 207).
 */
function markColumns(onMark: CatalogueTableProps['onMark']): SiteColumn[] {
  return [
    {
      id: 'select',
      enableHiding: false,
      meta: { label: 'Select' },
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label="Select all rows"
          className={checkboxClass}
          checked={table.getIsAllRowsSelected()}
          ref={(el) => {
            if (el) el.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={`Select ${hostnameToUnicode(row.original.hostname)}`}
          className={checkboxClass}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    },
    {
      id: 'favorite',
      enableHiding: false,
      meta: { label: 'Favorite' },
      header: () => (
        <span title="Favorite" className="text-slate-400">
          <StarIcon filled={false} />
          <span className="sr-only">Favorite</span>
        </span>
      ),
      cell: ({ row }) => (
        <span className="flex items-center">
          {(['personal', 'company'] as const).map((scope) => {
            const site = row.original;
            const company = scope === 'company';
            // `=== true`: a page stored on this device before company marks has no such field.
            const on = (company ? site.is_company_favorite : site.is_marked_as_favorite) === true;
            const Icon = company ? CompanyIcon : StarIcon;
            return (
              <Tooltip
                key={scope}
                content={`${on ? 'Remove from' : 'Add to'} favorites ${company ? 'for the company' : 'just for me'}`}
              >
                {(describedBy) => (
                  <button
                    type="button"
                    aria-pressed={on}
                    aria-label={`${company ? 'Company favorite' : 'Favorite'} ${hostnameToUnicode(site.hostname)}`}
                    aria-describedby={describedBy}
                    onClick={() => onMark('favorites', site, !on, scope)}
                    className={cx(
                      'rounded p-1 focus-visible:outline-2 focus-visible:outline-indigo-600',
                      !on
                        ? 'text-slate-400 hover:text-slate-600'
                        : company
                          ? 'text-indigo-600 hover:text-indigo-700'
                          : 'text-amber-500 hover:text-amber-600',
                    )}
                  >
                    <Icon filled={on} />
                  </button>
                )}
              </Tooltip>
            );
          })}
        </span>
      ),
    },
    {
      id: 'blacklist',
      enableHiding: false,
      meta: { label: 'Blacklist' },
      header: () => <span className="font-medium uppercase">Blacklist</span>,
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          {(['personal', 'company'] as const).map((scope) => {
            const site = row.original;
            const company = scope === 'company';
            const on = (company ? site.is_in_company_blacklist : site.is_in_blacklist) === true;
            return (
              <Tooltip
                key={scope}
                content={`${on ? 'Remove from' : 'Add to'} the blacklist ${company ? 'for the company' : 'just for me'}`}
              >
                {(describedBy) => (
                  <span className="flex items-center gap-0.5 text-slate-500">
                    <input
                      type="checkbox"
                      aria-label={`Blacklist ${hostnameToUnicode(site.hostname)}${company ? ' for the company' : ''}`}
                      aria-describedby={describedBy}
                      className={cx(checkboxClass, 'accent-slate-700')}
                      checked={on}
                      onChange={() => onMark('blacklists', site, !on, scope)}
                    />
                    {company ? <CompanyIcon filled={false} /> : null}
                  </span>
                )}
              </Tooltip>
            );
          })}
        </span>
      ),
    },
  ];
}

/** While rows load: a page's worth of grey bars under the visible columns. */
function SkeletonRows({ count, columns }: { count: number; columns: readonly { id: string }[] }) {
  return Array.from({ length: count }, (_, row) => (
    <tr key={row}>
      {columns.map((column) => (
        <td key={column.id} className="border-b border-slate-100 px-3 py-2.5">
          <Skeleton className="h-4 w-full min-w-8" />
        </td>
      ))}
    </tr>
  ));
}

/** The site table (spec §2): manual sorting and paging, selection, favourite and blacklist marks. */
export function CatalogueTable({
  sites,
  columns,
  isLoading,
  isFetching,
  sorting,
  columnVisibility,
  rowSelection,
  onRowSelectionChange,
  onSort,
  onHideColumn,
  onMark,
  skeletonRows,
}: CatalogueTableProps) {
  const allColumns = useMemo<SiteColumn[]>(
    () => [...markColumns(onMark), ...columns],
    [columns, onMark],
  );

  const isWide = useMediaQuery(WIDE_QUERY);
  const layout = isWide ? 'wide' : 'phone';
  // A new page of rows (a filter change, the next page) is drawn in the background: React renders
  // it in slices of a few milliseconds and keeps the rows on screen, marked busy, until it is
  // ready. While the table has no rows yet, a screenful shows at once and the rest follows the
  // same way (decision 165).
  const deferredSites = useDeferredValue(sites, NO_SITES);
  const firstScreenful = useMemo(() => sites.slice(0, FIRST_ROWS[layout]), [sites, layout]);
  const shownSites = deferredSites.length === 0 ? firstScreenful : deferredSites;
  const isDrawing = deferredSites !== sites;

  // TanStack Table returns new functions on every render; this component is deliberately not
  // memoized, so the compiler's notice does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: shownSites,
    columns: allColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (site) => site.id,
    manualPagination: true,
    manualSorting: true,
    enableRowSelection: true,
    state: { columnVisibility, rowSelection },
    onRowSelectionChange: (updater) =>
      onRowSelectionChange(typeof updater === 'function' ? updater(rowSelection) : updater),
  });

  const {
    setRow: headerRowRef,
    onFocus: onHeaderFocus,
    onKeyDown: onHeaderKeyDown,
  } = useRovingHeader();
  const sortOrder = Object.keys(sorting);
  const isMultiSort = sortOrder.length > 1;
  const visibleColumns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;

  // Where the table scrolls in its own box (md and up), a long page draws only the rows in view
  // and a few around them; the browser then styles and lays out tens of rows, not hundreds.
  const scroller = useRef<HTMLDivElement>(null);
  const [setOverflowBox, overflow] = useScrollOverflow('x');
  const scrollerRef = useCallback(
    (element: HTMLDivElement | null) => {
      scroller.current = element;
      setOverflowBox(element);
    },
    [setOverflowBox],
  );
  const isVirtual = isWide && !isLoading && rows.length > DRAW_ALL_UP_TO;
  const rowKeys = useMemo(() => rows.map((row) => row.id), [rows]);
  const allRows = rows.map((row, index) => (
    <SiteRow
      key={row.id}
      row={row}
      index={index}
      columns={visibleColumns}
      isSelected={row.getIsSelected()}
    />
  ));

  return (
    <>
      <div
        ref={scrollerRef}
        data-start={overflow.start || undefined}
        data-end={overflow.end || undefined}
        className="group/scroll header-keys-scope relative overflow-auto md:max-h-[70vh]"
      >
        <HeaderKeysHint />
        <table
          className="min-w-full border-separate border-spacing-0 text-sm max-md:block"
          aria-busy={isFetching || isDrawing || undefined}
          // Only some rows are in the document: say how many the table has (the header row too).
          aria-rowcount={isVirtual ? rows.length + 1 : undefined}
        >
          <caption className="sr-only">Publisher sites</caption>
          {/* On a phone the header row is for screen readers, and shows while the keyboard is on it. */}
          <thead className="bg-slate-50 max-md:sr-only max-md:focus-within:not-sr-only md:sticky md:top-0 md:z-20">
            {table.getHeaderGroups().map((group) => (
              <tr
                key={group.id}
                ref={headerRowRef}
                onFocus={onHeaderFocus}
                onKeyDown={onHeaderKeyDown}
              >
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const sortColumn = meta?.sortColumn;
                  const index = sortColumn ? sortOrder.indexOf(sortColumn) : -1;
                  const direction = sortColumn ? (sorting[sortColumn] ?? null) : null;
                  const isData = meta?.label !== undefined && header.column.getCanHide();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        direction === 'ASC'
                          ? 'ascending'
                          : direction === 'DESC'
                            ? 'descending'
                            : undefined
                      }
                      className={cx(
                        'border-b border-slate-200 px-3 py-2 text-xs tracking-wide whitespace-nowrap text-slate-500',
                        meta?.isNumeric ? 'text-right' : 'text-left',
                        pinnedClasses(header.column.id, true),
                      )}
                    >
                      {isData || sortColumn ? (
                        <DataColumnHeader
                          columnId={header.column.id}
                          label={meta?.label ?? header.column.id}
                          sortColumn={sortColumn}
                          direction={direction}
                          sortIndex={isMultiSort && index >= 0 ? index + 1 : null}
                          canHide={header.column.getCanHide()}
                          align={meta?.isNumeric ? 'right' : 'left'}
                          onSort={onSort}
                          onHideColumn={onHideColumn}
                        />
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="max-md:block">
            {isLoading || (isDrawing && rows.length === 0) ? (
              <SkeletonRows count={skeletonRows} columns={visibleColumns} />
            ) : isVirtual ? (
              // Until the virtualiser's code is in, the long page is drawn whole.
              <Suspense fallback={allRows}>
                <VirtualRows
                  rowKeys={rowKeys}
                  scroller={scroller}
                  colSpan={visibleColumns.length}
                  estimateSize={ROW_HEIGHT_ESTIMATE}
                  overscan={OVERSCAN_ROWS}
                  renderRow={(index, measure) => {
                    const row = rows[index]!;
                    return (
                      <SiteRow
                        key={row.id}
                        row={row}
                        index={index}
                        measure={measure}
                        columns={visibleColumns}
                        isSelected={row.getIsSelected()}
                      />
                    );
                  }}
                />
              </Suspense>
            ) : (
              allRows
            )}
          </tbody>
        </table>
      </div>
      {isWide ? <TableScrollHint overflow={overflow} /> : null}
    </>
  );
}
