import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useRef } from 'react';

import type { SortDirection } from '#contract/catalogue.ts';
import { cx } from '#src/utils/class-names.ts';

import { ChevronDownIcon } from '../icons.tsx';
import { MenuPortalGroup } from '../menu-portal-group.tsx';

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
/**
 * Hiding a column removes its header, menu button included, so focus would fall to the page:
 * it goes to the neighbouring header's control instead (the next one, else the one before).
 */
function focusNeighbourAfterHiding(button: HTMLElement | null, hide: () => void) {
  const cell = button?.closest('th');
  const neighbour = cell?.nextElementSibling ?? cell?.previousElementSibling;
  hide();
  if (!(neighbour instanceof HTMLElement)) return;
  // After the menu has closed and given focus back to its (removed) button.
  setTimeout(() => {
    const control =
      neighbour.querySelector<HTMLElement>('[data-header-primary]') ??
      neighbour.querySelector<HTMLElement>('button, input, a[href]');
    if (control?.isConnected) control.focus();
  }, 0);
}

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
  const ownButton = useRef<HTMLElement | null>(null);
  return (
    <MenuPortalGroup>
      <Menu>
        <MenuButton
          ref={(element: HTMLElement | null) => {
            ownButton.current = element;
            buttonRef(element);
          }}
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
              <button
                type="button"
                className={itemClass}
                onClick={() => focusNeighbourAfterHiding(ownButton.current, onHide)}
              >
                Hide column
              </button>
            </MenuItem>
          ) : null}
        </MenuItems>
      </Menu>
    </MenuPortalGroup>
  );
}
