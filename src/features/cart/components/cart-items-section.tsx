import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';

import { CART_LIST_STARTUP_LIMIT, type CartItem } from '#contract/cart.ts';
import { Button, buttonClasses } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { pinnedCellClasses, TableScrollHint } from '#src/components/data-table/pinned-cells.tsx';
import { Pagination } from '#src/components/pagination.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { EmptyState, ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { paths } from '#src/config/paths.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { lastPageOf, settledTotal, usePageInRange } from '#src/hooks/use-page-in-range.ts';
import { useScrollOverflow } from '#src/hooks/use-scroll-overflow.ts';
import { cx } from '#src/utils/class-names.ts';

import { useCloneCartItem, useEmptyCart, useRemoveCartItems } from '../api/mutations.ts';
import { cartQueries } from '../api/queries.ts';
import type { CartEdits } from '../cart-edits.ts';
import type { EditableField, RowErrors } from '../row-errors.ts';
import { CartItemRow, type CartPins } from './cart-item-row.tsx';
import { CartLineDrafts, useCartLineDrafts } from './cart-line-drafts.tsx';

export const CART_PAGE_LIMIT = CART_LIST_STARTUP_LIMIT;

type Pin = keyof CartPins;

const COLUMNS: { label: string; pin?: Pin; className?: string }[] = [
  { label: 'Site', pin: 'site' },
  { label: 'Anchor text' },
  { label: 'Target URL' },
  { label: 'Topic' },
  { label: 'Topic needs approval', className: 'whitespace-normal' },
  { label: 'Word count' },
  { label: 'Publishing due date' },
  { label: 'Custom ID' },
  { label: 'Comments' },
  { label: 'Price per article', pin: 'price', className: 'text-right' },
  { label: 'Actions', pin: 'actions' },
];

/**
 * From `md` up the site stays at the left edge of the cart's scroll box and the price and actions
 * at its right edge (decision 096). The box keeps what a scroll into view brings (a focused field,
 * a field the error summary leads to) clear of them and of the header row: its scroll padding is
 * their size, measured, and the price column sits beside the actions column, whatever its width.
 */
function usePinnedInsets(box: HTMLElement | null): CSSProperties | undefined {
  const [insets, setInsets] = useState<Record<string, string> | undefined>(undefined);
  useEffect(() => {
    if (!box) return;
    const cell = (pin: Pin) => box.querySelector<HTMLElement>(`thead [data-pin="${pin}"]`);
    const measure = () => {
      const head = box.querySelector('thead');
      const site = cell('site');
      const price = cell('price');
      const actions = cell('actions');
      if (!head || !site || !price || !actions) return;
      // Below md nothing is pinned and the rows are cards.
      const next =
        getComputedStyle(site).position === 'sticky'
          ? {
              '--cart-actions-width': `${actions.offsetWidth}px`,
              scrollPaddingLeft: `${site.offsetWidth}px`,
              scrollPaddingRight: `${price.offsetWidth + actions.offsetWidth}px`,
              scrollPaddingTop: `${head.offsetHeight}px`,
            }
          : undefined;
      setInsets((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const pin of ['site', 'price', 'actions'] as const) {
      const th = cell(pin);
      if (th) observer.observe(th);
    }
    measure();
    return () => observer.disconnect();
  }, [box]);
  return insets as CSSProperties | undefined;
}

const NO_ERRORS = {};

/**
 * The cart's column headers; on a phone they are read by screen readers only (each field has its
 * own label).
 */
function CartTableHead({ pins }: { pins: CartPins }) {
  return (
    <thead className="bg-slate-50 text-xs text-slate-500 max-md:sr-only md:sticky md:top-0 md:z-20">
      <tr>
        {COLUMNS.map((column) => (
          <th
            key={column.label}
            scope="col"
            data-pin={column.pin}
            className={cx(
              'border-b border-slate-200 bg-slate-50 px-3 py-2 text-left font-medium whitespace-nowrap',
              column.className,
              column.pin && pins[column.pin],
            )}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function CartLoading() {
  return (
    <div className="space-y-2 px-5 py-4">
      <LoadingAnnouncement>Loading your cart…</LoadingAnnouncement>
      {Array.from({ length: 3 }, (_, row) => (
        <Skeleton key={row} className="h-12 w-full" />
      ))}
    </div>
  );
}

export interface CartItemsSectionProps {
  page: number;
  onPageChange: (page: number) => void;
  rowErrors: RowErrors;
  onFieldChecked: (id: string, field: EditableField, error: string | undefined) => void;
  /** Where the rows keep the values typed that the server does not hold. */
  edits?: CartEdits;
  /** Lines that changed after the page showed them, with what to tell the buyer, by id. */
  changedLines?: Readonly<Record<string, string>>;
  /** A deleted row's errors go with it. */
  onRowRemoved?: (id: string) => void;
}

/** The cart at checkout: every line with its fields, waiting offline lines, paging and emptying. */
export function CartItemsSection({
  page,
  onPageChange,
  rowErrors,
  onFieldChecked,
  edits,
  changedLines,
  onRowRemoved,
}: CartItemsSectionProps) {
  const query = useQuery(cartQueries.items({ page, limit: CART_PAGE_LIMIT }));
  const drafts = useCartLineDrafts() ?? [];
  const clone = useCloneCartItem();
  const remove = useRemoveCartItems();
  const empty = useEmptyCart();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  // Changing, cloning, removing and emptying lines are not kept for later: offline they are off,
  // with the reason said before anything is typed (decision 176).
  const isOnline = useOnlineStatus();
  const offlineNoteId = useId();
  const offlineNote = isOnline ? undefined : offlineNoteId;
  const [setOverflowBox, overflow] = useScrollOverflow('x');
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const scrollBox = useCallback(
    (node: HTMLDivElement | null) => {
      setOverflowBox(node);
      setBox(node);
    },
    [setOverflowBox],
  );
  const insets = usePinnedInsets(box);
  const pins: CartPins = {
    site: pinnedCellClasses('left', overflow.start, true),
    price: pinnedCellClasses('right', overflow.end, true, 'md:right-(--cart-actions-width)'),
    actions: pinnedCellClasses('right', false, true),
  };

  const items = query.data?.data ?? [];
  const total = query.data?.pagination.total ?? 0;
  const isBusy = clone.isPending || remove.isPending || empty.isPending;
  const lastPage = lastPageOf(total, CART_PAGE_LIMIT);
  // The checkout's page setter replaces the history entry.
  usePageInRange(page, CART_PAGE_LIMIT, settledTotal(query, total), onPageChange);

  const onClone = (item: CartItem) => {
    clone.mutate(item, { onSuccess: () => onPageChange(1) });
  };
  const onDelete = (item: CartItem) => {
    remove.mutate([item], {
      onSuccess: () => {
        onRowRemoved?.(item.id);
        if (items.length === 1 && page > 1) onPageChange(page - 1);
      },
    });
  };

  let content;
  if (query.isPending && query.fetchStatus === 'paused') {
    content = (
      <EmptyState
        className="m-5"
        title="Your cart needs a connection"
        description="The articles in your cart are listed as soon as the connection returns."
      />
    );
  } else if (query.isPending) {
    content = <CartLoading />;
  } else if (query.isError && !query.data) {
    content = (
      <ErrorState
        className="m-5"
        title="Your cart could not be loaded."
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (total === 0 && drafts.length === 0) {
    content = (
      <EmptyState
        className="m-5"
        title="Your cart is empty"
        description="Choose a site in the catalogue and add an article to see it here."
        action={
          <Link to={paths.index} className={buttonClasses('primary', 'sm')}>
            Browse sites
          </Link>
        }
      />
    );
  } else {
    content = (
      <>
        {items.length > 0 ? (
          // Its own scroll box, both ways from md up, under a header row that stays in view; on a
          // phone each line is a card and nothing scrolls sideways (decision 096).
          <div
            ref={scrollBox}
            style={insets}
            className="relative overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 md:max-h-[70vh]"
            role="region"
            aria-label="Articles in your cart"
            // A scroll box is reachable by keyboard only if it can take focus, also when every
            // control in it is off (offline) (WCAG 2.1.1).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            {/* Offline every field and action of the lines is off at once; paging stays on. */}
            <fieldset
              disabled={!isOnline}
              aria-describedby={offlineNote}
              className="m-0 min-w-0 border-0 p-0"
            >
              <table
                className="min-w-full border-separate border-spacing-0 text-sm max-md:block"
                aria-busy={query.isFetching || undefined}
              >
                <caption className="sr-only">Articles in your cart</caption>
                <CartTableHead pins={pins} />
                <tbody className="max-md:block max-md:space-y-3 max-md:bg-slate-50 max-md:p-3">
                  {items.map((item, index) => (
                    <CartItemRow
                      key={item.id}
                      item={item}
                      position={(page - 1) * CART_PAGE_LIMIT + index + 1}
                      errors={rowErrors[item.id] ?? NO_ERRORS}
                      onFieldChecked={onFieldChecked}
                      edits={edits}
                      changed={changedLines?.[item.id]}
                      onClone={onClone}
                      onDelete={onDelete}
                      isBusy={isBusy}
                      pins={pins}
                    />
                  ))}
                </tbody>
              </table>
            </fieldset>
          </div>
        ) : null}
        {items.length > 0 ? <TableScrollHint overflow={overflow} fromMd /> : null}
        {total > 0 ? (
          <Pagination
            page={Math.min(page, lastPage)}
            limit={CART_PAGE_LIMIT}
            total={total}
            onPageChange={onPageChange}
          />
        ) : null}
      </>
    );
  }

  return (
    <Card>
      <CardHeader
        title="Your cart"
        description="Fill in the details of every article. Changes are saved as you leave a field."
        actions={
          total > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={!isOnline}
              aria-describedby={offlineNote}
              onClick={() => setConfirmOpen(true)}
            >
              Empty cart
            </Button>
          ) : null
        }
      />
      <CartLineDrafts drafts={drafts} />
      {!isOnline && items.length > 0 ? (
        <p id={offlineNoteId} className="px-5 pt-3 text-sm text-amber-800">
          You are offline: changing the articles in your cart needs a connection.
        </p>
      ) : null}
      {content}
      <ConfirmDialog
        open={isConfirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() =>
          empty.mutate(undefined, {
            onSuccess: () => onPageChange(1),
            onSettled: () => setConfirmOpen(false),
          })
        }
        title="Empty the cart?"
        description="Every article in your cart is removed. This cannot be undone."
        confirmLabel="Empty cart"
        destructive
        pending={empty.isPending}
      />
    </Card>
  );
}
