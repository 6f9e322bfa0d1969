import type { ReactNode } from 'react';
import type { ChoosableColumn } from './column-chooser.tsx';
import { ColumnHeader } from './column-header.tsx';
import { useRovingHeader } from './use-roving-header.ts';
import { Skeleton } from '../skeleton.tsx';
import { cx } from '#src/utils/class-names.ts';

export interface TableColumn<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The server's sort key, when the column can be sorted. */
  sortKey?: string;
  /** Columns that cannot be hidden (the row's link, its selection). */
  isFixed?: boolean;
  align?: 'left' | 'right';
  className?: string;
}

export interface DataTableProps<T> {
  caption: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: TableColumn<T>[];
  hidden: string[];
  isLoading: boolean;
  skeletonRows?: number;
  sorting?: { column: string; direction: 'ASC' | 'DESC' } | null;
  onSort?: (column: string, direction: 'ASC' | 'DESC' | null) => void;
  /** Without it no column can be hidden. */
  onHide?: (id: string) => void;
  /** Set while newer rows are being fetched. */
  isBusy?: boolean;
  /** Keeps the first column in view while the table scrolls sideways. */
  stickyFirst?: boolean;
  rowClassName?: (row: T) => string | undefined;
  /**
   * Below the `sm` breakpoint each row becomes a card: cells stack, each under its column's name,
   * so a phone shows a row's actions without scrolling sideways.
   */
  stackOnPhone?: boolean;
}

/** The columns a buyer may show or hide, for the column chooser. */
export function choosableColumns<T>(
  columns: TableColumn<T>[],
  hidden: string[],
): ChoosableColumn[] {
  return columns
    .filter((column) => !column.isFixed)
    .map((column) => ({
      id: column.id,
      label: column.label,
      isVisible: !hidden.includes(column.id),
    }));
}

function ariaSort(
  sortKey: string | undefined,
  sorting: DataTableProps<unknown>['sorting'],
): 'ascending' | 'descending' | undefined {
  if (!sortKey || sorting?.column !== sortKey) return undefined;
  return sorting.direction === 'ASC' ? 'ascending' : 'descending';
}

/** A plain table with sortable, hideable columns; wide tables scroll sideways. */
export function DataTable<T>({
  caption,
  rows,
  rowKey,
  columns,
  hidden,
  isLoading,
  skeletonRows = 5,
  sorting,
  onSort,
  onHide,
  stickyFirst = false,
  rowClassName,
  isBusy = false,
  stackOnPhone = false,
}: DataTableProps<T>) {
  const headerRow = useRovingHeader();
  const stack = (classes: string) => (stackOnPhone ? classes : '');
  const visible = columns.filter((c) => c.isFixed || !hidden.includes(c.id));
  const sticky = (index: number) =>
    stickyFirst && index === 0 ? 'sticky left-0 z-10 bg-inherit shadow-[1px_0_0_0_#e2e8f0]' : '';
  return (
    // Relative: screen-reader-only text in cells is positioned absolutely and must scroll with them.
    // Focusable and named, so a keyboard user can scroll a table wider than the screen.
    <div
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      role="region"
      aria-label={caption}
      // A scroll box is reachable by keyboard only if it can take focus (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table
        className={cx('min-w-full divide-y divide-slate-200 text-sm', stack('max-sm:block'))}
        aria-busy={isBusy || undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className={cx('bg-slate-50 text-xs text-slate-500', stack('max-sm:sr-only'))}>
          <tr ref={headerRow.ref} onFocus={headerRow.onFocus} onKeyDown={headerRow.onKeyDown}>
            {visible.map((column, index) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={ariaSort(column.sortKey, sorting)}
                className={cx(
                  'px-3 py-2 text-left whitespace-nowrap',
                  column.align === 'right' && 'text-right',
                  sticky(index),
                  stickyFirst && index === 0 && 'bg-slate-50',
                )}
              >
                {column.id.startsWith('_') ? (
                  <span className="sr-only">{column.label}</span>
                ) : (
                  <ColumnHeader
                    label={column.label}
                    sortColumn={column.sortKey}
                    direction={
                      column.sortKey && sorting?.column === column.sortKey
                        ? sorting.direction
                        : null
                    }
                    sortIndex={null}
                    canHide={!column.isFixed && onHide !== undefined}
                    align={column.align}
                    sortTitle="Click to sort"
                    onSort={(direction) => column.sortKey && onSort?.(column.sortKey, direction)}
                    onHide={() => onHide?.(column.id)}
                  />
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cx('divide-y divide-slate-100 bg-white', stack('max-sm:block'))}>
          {isLoading
            ? Array.from({ length: skeletonRows }, (_, row) => (
                <tr key={`skeleton-${row}`}>
                  {visible.map((column) => (
                    <td key={column.id} className="px-3 py-3">
                      <Skeleton className="h-4 w-20" />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={cx('bg-white', stack('max-sm:block max-sm:py-2'), rowClassName?.(row))}
                >
                  {visible.map((column, index) => {
                    const Cell = index === 0 ? 'th' : 'td';
                    return (
                      <Cell
                        key={column.id}
                        scope={index === 0 ? 'row' : undefined}
                        className={cx(
                          'px-3 py-2 align-top font-normal whitespace-nowrap text-slate-700',
                          index === 0 ? 'text-left' : '',
                          column.align === 'right' && 'text-right',
                          sticky(index),
                          stack('max-sm:flex max-sm:gap-3 max-sm:py-1.5 max-sm:whitespace-normal'),
                          column.className,
                        )}
                      >
                        {stackOnPhone && index > 0 ? (
                          // The header row is hidden on a phone: each cell names its column
                          // (screen readers still hear the header, so this copy is hidden from them).
                          <span
                            aria-hidden="true"
                            className="w-28 shrink-0 pt-0.5 text-left text-xs font-medium text-slate-500 uppercase sm:hidden"
                          >
                            {column.id.startsWith('_') ? '' : column.label}
                          </span>
                        ) : null}
                        {column.render(row)}
                      </Cell>
                    );
                  })}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
