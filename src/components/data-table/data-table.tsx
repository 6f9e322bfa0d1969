import type { ReactNode } from 'react';

import { useScrollOverflow } from '#src/hooks/use-scroll-overflow.ts';
import { cx } from '#src/utils/class-names.ts';

import { Skeleton } from '../skeleton.tsx';
import type { ChoosableColumn } from './column-chooser.tsx';
import { ColumnHeader } from './column-header.tsx';
import { HeaderKeysHint } from './header-keys-hint.tsx';
import { pinnedCellClasses, StackedCellLabel, TableScrollHint } from './pinned-cells.tsx';
import { useRovingHeader } from './use-roving-header.ts';

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
  /**
   * Whether a row's cell says nothing: on a phone card (`stackOnPhone`) such a cell is left out
   * of sight (screen readers still find it in its column), so a card lists what it holds.
   */
  isEmpty?: (row: T) => boolean;
  /**
   * Keeps the column at the table's right edge while it scrolls sideways (the row's actions).
   * Only for the last column; on a phone nothing is pinned.
   */
  pinEnd?: boolean;
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
  /** Keeps the first (identifying) column in view while the table scrolls sideways. */
  stickyFirst?: boolean;
  rowClassName?: (row: T) => string | undefined;
  /**
   * Below the `md` breakpoint each row becomes a card: cells stack, each beside its column's name,
   * so a phone shows a row's actions without scrolling sideways (decision 096).
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

/**
 * A plain table with sortable, hideable columns. Wide tables scroll inside their own box under a
 * header that stays in view; the first and the actions column can be pinned (decision 096).
 */
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
  const {
    setRow: headerRowRef,
    onFocus: onHeaderFocus,
    onKeyDown: onHeaderKeyDown,
  } = useRovingHeader();
  const stack = (classes: string) => (stackOnPhone ? classes : '');
  const visible = columns.filter((c) => c.isFixed || !hidden.includes(c.id));
  const [scrollBox, overflow] = useScrollOverflow('x');
  // Pinned columns: from md up when rows become cards on a phone, at every width otherwise.
  const sticky = (index: number, column: TableColumn<T>) => {
    if (stickyFirst && index === 0) return pinnedCellClasses('left', overflow.start, stackOnPhone);
    if (column.pinEnd && index === visible.length - 1) {
      return pinnedCellClasses('right', overflow.end, stackOnPhone);
    }
    return '';
  };
  // Relative: screen-reader-only text in cells is positioned absolutely and must scroll with them.
  // Focusable and named, so a keyboard user can scroll a table wider than the screen.
  return (
    <>
      <div
        ref={scrollBox}
        className={cx(
          'header-keys-scope relative overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
          stackOnPhone ? 'md:max-h-[70vh]' : 'max-h-[70vh]',
        )}
        role="region"
        aria-label={caption}
        // A scroll box is reachable by keyboard only if it can take focus (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <HeaderKeysHint />
        <table
          className={cx('min-w-full divide-y divide-slate-200 text-sm', stack('max-md:block'))}
          aria-busy={isBusy || undefined}
        >
          <caption className="sr-only">{caption}</caption>
          <thead
            className={cx(
              'bg-slate-50 text-xs text-slate-500',
              // On a phone the header row is read by screen readers only, and shows while a
              // keyboard user is on it.
              stackOnPhone
                ? 'max-md:sr-only max-md:focus-within:not-sr-only md:sticky md:top-0 md:z-20'
                : 'sticky top-0 z-20',
            )}
          >
            <tr ref={headerRowRef} onFocus={onHeaderFocus} onKeyDown={onHeaderKeyDown}>
              {visible.map((column, index) => (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={ariaSort(column.sortKey, sorting)}
                  className={cx(
                    'px-3 py-2 text-left whitespace-nowrap',
                    column.align === 'right' && 'text-right',
                    'bg-slate-50',
                    sticky(index, column),
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
          <tbody className={cx('divide-y divide-slate-100 bg-white', stack('max-md:block'))}>
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
                    className={cx(
                      'bg-white',
                      stack('max-md:block max-md:py-2'),
                      rowClassName?.(row),
                    )}
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
                            sticky(index, column) && 'bg-inherit',
                            sticky(index, column),
                            stack(
                              'max-md:flex max-md:gap-3 max-md:py-1.5 max-md:text-left max-md:whitespace-normal',
                            ),
                            stackOnPhone && column.isEmpty?.(row) && 'max-md:sr-only',
                            column.className,
                          )}
                        >
                          {stackOnPhone && index > 0 && !column.id.startsWith('_') ? (
                            // The header row is hidden on a phone: each cell names its column. A
                            // column of controls (its id starts with _) needs no name there.
                            <StackedCellLabel label={column.label} />
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
      <TableScrollHint overflow={overflow} fromMd={stackOnPhone} />
    </>
  );
}
