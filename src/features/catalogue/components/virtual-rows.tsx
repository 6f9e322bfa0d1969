import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode, RefObject } from 'react';

export interface VirtualRowsProps {
  /** Keys of every row of the page, in order. */
  rowKeys: readonly string[];
  /** The box the rows scroll in. */
  scroller: RefObject<HTMLDivElement | null>;
  /** Columns of the table, for the spacer rows. */
  colSpan: number;
  estimateSize: number;
  overscan: number;
  renderRow: (index: number, measure: (element: HTMLTableRowElement | null) => void) => ReactNode;
}

/**
 * The rows of a long page that are in view, and a few around them, between two spacer rows that
 * keep the scroll height (decision 114). A module of its own, loaded with the first long page:
 * the catalogue's first load (25 rows, all drawn) does not carry the virtualiser (decision 110).
 */
export function VirtualRows({
  rowKeys,
  scroller,
  colSpan,
  estimateSize,
  overscan,
  renderRow,
}: VirtualRowsProps) {
  // The rows are drawn by the caller's memoised row component; nothing here is memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowKeys.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimateSize,
    overscan,
    getItemKey: (index) => rowKeys[index] ?? index,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const spaceBefore = virtualRows[0]?.start ?? 0;
  const spaceAfter = Math.max(0, virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0));
  const spacer = (height: number) =>
    height > 0 ? (
      <tr aria-hidden="true">
        <td colSpan={colSpan} style={{ height }} className="p-0" />
      </tr>
    ) : null;
  return (
    <>
      {spacer(spaceBefore)}
      {virtualRows.map(({ index }) => renderRow(index, virtualizer.measureElement))}
      {spacer(spaceAfter)}
    </>
  );
}
