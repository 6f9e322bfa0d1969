import type { ScrollOverflow } from '#src/hooks/use-scroll-overflow.ts';
import { cx } from '#src/utils/class-names.ts';

// While other columns lie under a pinned column, a hairline and a shadow on its inner side show
// that the table scrolls and that something is hidden there. Drawn by a pseudo-element: a table
// with collapsed borders paints no box-shadow on its cells. Each entry holds the classes for
// every width, then those for md up (below md rows are cards). Tailwind finds class names in the
// source as written, so both spellings are kept whole.
const PIN = {
  sticky: ['sticky z-10', 'md:sticky md:z-10'],
  left: ['left-0', 'md:left-0'],
  right: ['right-0', 'md:right-0'],
  over: [
    'after:pointer-events-none after:absolute after:inset-y-0 after:w-2 after:border-slate-200 after:from-slate-900/10',
    'md:after:pointer-events-none md:after:absolute md:after:inset-y-0 md:after:w-2 md:after:border-slate-200 md:after:from-slate-900/10',
  ],
  leftOver: [
    'after:left-full after:border-l after:bg-linear-to-r',
    'md:after:left-full md:after:border-l md:after:bg-linear-to-r',
  ],
  rightOver: [
    'after:right-full after:border-r after:bg-linear-to-l',
    'md:after:right-full md:after:border-r md:after:bg-linear-to-l',
  ],
} as const;

/**
 * The classes of a cell pinned to the left or right edge of a table's scroll box (decision 096):
 * sticky, above the cells that scroll under it, and with an edge on its inner side while
 * something lies under it (`isOver`). `fromMd`: pinned from the `md` breakpoint up only, for a
 * table whose rows are cards on a phone. `offset` replaces the edge's own offset, for a column
 * pinned beside another pinned one (e.g. `md:right-(--actions-width)`). The cell needs a
 * background of its own.
 */
export function pinnedCellClasses(
  side: 'left' | 'right',
  isOver: boolean,
  fromMd: boolean,
  offset?: string,
) {
  const at = fromMd ? 1 : 0;
  return cx(
    PIN.sticky[at],
    offset ?? (side === 'left' ? PIN.left[at] : PIN.right[at]),
    isOver && PIN.over[at],
    isOver && (side === 'left' ? PIN.leftOver[at] : PIN.rightOver[at]),
  );
}

/**
 * A column's name beside its value in a row drawn as a card on a phone (below `md`). The header
 * row is hidden there; screen readers still hear it with each cell, so this copy is hidden from
 * them, and drawn from an attribute so the cell's text holds its value only.
 */
export function StackedCellLabel({
  label,
  className = 'w-28 shrink-0 pt-0.5 text-slate-500 uppercase',
}: {
  label: string;
  /** Its width and case; a form's card names its fields as their labels do. */
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      data-label={label}
      className={cx(
        'text-left text-xs font-medium before:content-[attr(data-label)] md:hidden',
        className,
      )}
    />
  );
}

/** What the line under a table wider than its box says, by where the hidden columns are. */
export function scrollHint({ start, end }: ScrollOverflow): string | null {
  if (start && end) return '← More columns on both sides: scroll the table sideways →';
  if (end) return 'More columns to the right: scroll the table sideways →';
  if (start) return '← More columns to the left: scroll the table sideways';
  return null;
}

/**
 * The line under a table wider than its scroll box that says where the columns out of sight
 * are; nothing while the whole table is in view. `fromMd`: for a table whose rows are cards on a
 * phone, where nothing scrolls sideways.
 */
export function TableScrollHint({
  overflow,
  fromMd = false,
}: {
  overflow: ScrollOverflow;
  fromMd?: boolean;
}) {
  const hint = scrollHint(overflow);
  if (!hint) return null;
  return (
    // For the eye: a screen reader moves through the cells whatever the scroll position.
    <p
      aria-hidden="true"
      data-testid="table-scroll-hint"
      className={cx(
        'border-t border-slate-100 px-4 py-1.5 text-xs text-slate-500',
        fromMd && 'max-md:hidden',
      )}
    >
      {hint}
    </p>
  );
}
