import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useRef, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent } from 'react';
import { ChevronDownIcon } from '../icons.tsx';
import { cx } from '#src/utils/class-names.ts';

export type SortDirection = 'ASC' | 'DESC';

export interface ColumnHeaderProps {
  label: string;
  /** The column's sort key, when the column can be sorted. */
  sortColumn?: string;
  direction: SortDirection | null;
  /** Position among several sorted columns (1-based), shown when more than one is sorted. */
  sortIndex: number | null;
  canHide: boolean;
  align?: 'left' | 'right';
  /** The title of the sortable column name; says whether shift-click adds to the sorting. */
  sortTitle?: string;
  onSort: (direction: SortDirection | null, add: boolean) => void;
  onHide: () => void;
}

const NEXT: Record<'none' | SortDirection, SortDirection | null> = {
  none: 'ASC',
  ASC: 'DESC',
  DESC: null,
};

const itemClass =
  'flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm text-slate-700 data-focus:bg-indigo-50 data-focus:text-indigo-900';

/**
 * A column title: clicking a sortable title cycles none → ascending → descending (shift adds the
 * column to the current sorting); the menu sorts explicitly or hides the column. From the
 * keyboard the title is the header's one stop and the Down arrow opens the menu, as it does on a
 * menu button.
 */
export function ColumnHeader({
  label,
  sortColumn,
  direction,
  sortIndex,
  canHide,
  align = 'left',
  sortTitle = 'Click to sort, shift-click to add to the sorting',
  onSort,
  onHide,
}: ColumnHeaderProps) {
  const arrow = direction === 'ASC' ? '↑' : direction === 'DESC' ? '↓' : '';
  const hasMenu = Boolean(sortColumn) || canHide;
  const menuButton = useRef<HTMLButtonElement>(null);
  const openMenu = (event: ReactKeyboardEvent) => {
    if (event.key !== 'ArrowDown' || !menuButton.current) return;
    event.preventDefault();
    menuButton.current.focus();
    // The menu button opens on its own Down key with the first item active; hand the key on.
    menuButton.current.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }),
    );
  };
  return (
    <div className={cx('flex items-center gap-0.5', align === 'right' && 'justify-end')}>
      {sortColumn ? (
        <button
          type="button"
          onClick={(event: MouseEvent) => onSort(NEXT[direction ?? 'none'], event.shiftKey)}
          onKeyDown={hasMenu ? openMenu : undefined}
          aria-keyshortcuts={hasMenu ? 'ArrowDown' : undefined}
          data-header-primary=""
          className="inline-flex items-center gap-1 rounded px-1 py-0.5 font-medium uppercase hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
          title={sortTitle}
        >
          {label}
          {arrow ? (
            <span aria-hidden="true" className="text-indigo-600">
              {arrow}
              {sortIndex !== null ? <sup>{sortIndex}</sup> : null}
            </span>
          ) : null}
        </button>
      ) : (
        <span className="px-1 py-0.5 font-medium uppercase">{label}</span>
      )}
      {hasMenu ? (
        <Menu>
          <MenuButton
            ref={menuButton}
            aria-label={`Column options for ${label}`}
            className="rounded p-0.5 text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <ChevronDownIcon className="size-3.5" />
          </MenuButton>
          {/* Not modal: a modal menu makes the rest of the page inert, h1 and landmarks included. */}
          <MenuItems
            anchor="bottom start"
            modal={false}
            className="z-40 mt-1 w-44 rounded-lg bg-white py-1 normal-case shadow-lg ring-1 ring-slate-200 focus:outline-none"
          >
            {sortColumn ? (
              <>
                <MenuItem>
                  <button type="button" className={itemClass} onClick={() => onSort('ASC', false)}>
                    Sort ascending
                  </button>
                </MenuItem>
                <MenuItem>
                  <button type="button" className={itemClass} onClick={() => onSort('DESC', false)}>
                    Sort descending
                  </button>
                </MenuItem>
                <MenuItem disabled={direction === null}>
                  <button
                    type="button"
                    className={cx(itemClass, 'data-disabled:opacity-50')}
                    onClick={() => onSort(null, true)}
                  >
                    Clear sorting
                  </button>
                </MenuItem>
              </>
            ) : null}
            {canHide ? (
              <MenuItem>
                <button type="button" className={itemClass} onClick={onHide}>
                  Hide column
                </button>
              </MenuItem>
            ) : null}
          </MenuItems>
        </Menu>
      ) : null}
    </div>
  );
}
