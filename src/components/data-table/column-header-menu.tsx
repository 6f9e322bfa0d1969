import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { SortDirection } from '#contract/catalogue.ts';
import { ChevronDownIcon } from '../icons.tsx';
import { MenuPortalGroup } from '../menu-portal-group.tsx';
import { cx } from '#src/utils/class-names.ts';

const itemClass =
  'flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm text-slate-700 data-focus:bg-indigo-50 data-focus:text-indigo-900';

export interface ColumnHeaderMenuProps {
  label: string;
  buttonClass: string;
  canSort: boolean;
  direction: SortDirection | null;
  canHide: boolean;
  onSort: (direction: SortDirection | null, add: boolean) => void;
  onHide: () => void;
  buttonRef: (element: HTMLElement | null) => void;
}

/** A column's menu: sort explicitly, clear the sorting or hide the column. Loaded on first use. */
export function ColumnHeaderMenu({
  label,
  buttonClass,
  canSort,
  direction,
  canHide,
  onSort,
  onHide,
  buttonRef,
}: ColumnHeaderMenuProps) {
  return (
    <MenuPortalGroup>
      <Menu>
        <MenuButton
          ref={buttonRef}
          aria-label={`Column options for ${label}`}
          className={buttonClass}
        >
          <ChevronDownIcon className="size-3.5" />
        </MenuButton>
        {/* Not modal: a modal menu makes the rest of the page inert, h1 and landmarks included. */}
        <MenuItems
          anchor="bottom start"
          modal={false}
          className="z-40 mt-1 w-44 rounded-lg bg-white py-1 normal-case shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          {canSort ? (
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
    </MenuPortalGroup>
  );
}
