import type { KeyboardEvent as ReactKeyboardEvent, MouseEvent } from 'react';

import { cx } from '#src/utils/class-names.ts';

import { ChevronDownIcon } from '../icons.tsx';
import { loadOnce, MENU_KEYS, MountedOnUse } from '../mounted-on-use.tsx';

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

const menuButtonClass =
  'rounded p-0.5 text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600';

// Headless UI's menu, with its positioning code, loads when a column menu is first used.
const loadColumnHeaderMenu = loadOnce(() => import('./column-header-menu.tsx'));

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
  const openMenu = (event: ReactKeyboardEvent<HTMLElement>) => {
    const menuButton =
      event.currentTarget.parentElement?.querySelector<HTMLElement>('[aria-haspopup="menu"]');
    if (event.key !== 'ArrowDown' || !menuButton) return;
    event.preventDefault();
    menuButton.focus();
    // The menu button opens on its own Down key with the first item active; hand the key on.
    menuButton.dispatchEvent(
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
        <MountedOnUse
          load={loadColumnHeaderMenu}
          keys={MENU_KEYS}
          trigger={{
            'aria-haspopup': 'menu',
            'aria-label': `Column options for ${label}`,
            className: menuButtonClass,
            children: <ChevronDownIcon className="size-3.5" />,
          }}
        >
          {({ ColumnHeaderMenu }, buttonRef) => (
            <ColumnHeaderMenu
              label={label}
              buttonClass={menuButtonClass}
              canSort={Boolean(sortColumn)}
              direction={direction}
              canHide={canHide}
              onSort={onSort}
              onHide={onHide}
              buttonRef={buttonRef}
            />
          )}
        </MountedOnUse>
      ) : null}
    </div>
  );
}
