import { type FocusEvent, type KeyboardEvent, useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A table's header row as one tab stop (roving tabindex): Tab enters the row on the header last
 * used, Left/Right/Home/End move between the headers that have a control, and Enter/Space act on
 * the header's control (sort, or the select-all box). Everything else in a header (the column
 * menu button) stays clickable and is reached from its header with the Down arrow.
 *
 * The tab stops are set on the DOM after each render rather than passed as props, because header
 * content comes from several sources (column renderers, TanStack Table header functions).
 */

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]';
/** Marks the control a header's arrow-key stop lands on, when it has more than one. */
export const HEADER_PRIMARY = 'data-header-primary';

function headerCells(row: HTMLElement): HTMLElement[] {
  return Array.from(row.children).filter(
    (cell): cell is HTMLElement => cell instanceof HTMLElement,
  );
}

function primaryControl(cell: HTMLElement): HTMLElement | null {
  return (
    cell.querySelector<HTMLElement>(`[${HEADER_PRIMARY}]`) ??
    cell.querySelector<HTMLElement>(FOCUSABLE)
  );
}

export function useRovingHeader<E extends HTMLElement = HTMLTableRowElement>() {
  const ref = useRef<E | null>(null);
  const active = useRef(0);
  const setRow = useCallback((row: E | null) => {
    ref.current = row;
  }, []);

  const applyStops = useCallback(() => {
    const row = ref.current;
    if (!row) return;
    const cells = headerCells(row);
    const stops = cells.map(primaryControl);
    if (!stops[active.current]) active.current = Math.max(0, stops.findIndex(Boolean));
    cells.forEach((cell, index) => {
      for (const control of cell.querySelectorAll<HTMLElement>(FOCUSABLE)) {
        control.tabIndex = index === active.current && control === stops[index] ? 0 : -1;
      }
    });
  }, []);

  // Every render: columns come and go (hidden, shown, a saved layout applied).
  useLayoutEffect(applyStops);

  const onFocus = useCallback(
    (event: FocusEvent<E>) => {
      const row = ref.current;
      if (!row) return;
      const index = headerCells(row).findIndex((cell) => cell.contains(event.target));
      if (index >= 0 && index !== active.current) {
        active.current = index;
        applyStops();
      }
    },
    [applyStops],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<E>) => {
      const row = ref.current;
      // Keys pressed in a column menu's portal bubble here through React; they are not ours.
      if (!row || event.defaultPrevented || !row.contains(event.target as Node)) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const cells = headerCells(row);
      const stops = cells.map(primaryControl);
      const current = cells.findIndex((cell) => cell.contains(event.target as Node));
      if (current < 0) return;
      const withStop = stops.flatMap((stop, index) => (stop ? [index] : []));
      const position = withStop.indexOf(current);
      let next: number | undefined;
      switch (event.key) {
        case 'ArrowRight':
          next = withStop[Math.min(position + 1, withStop.length - 1)];
          break;
        case 'ArrowLeft':
          next = withStop[Math.max(position - 1, 0)];
          break;
        case 'Home':
          next = withStop[0];
          break;
        case 'End':
          next = withStop[withStop.length - 1];
          break;
        default:
          return;
      }
      event.preventDefault();
      if (next === undefined) return;
      active.current = next;
      applyStops();
      stops[next]?.focus();
    },
    [applyStops],
  );

  return { setRow, onFocus, onKeyDown };
}
