import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';

import {
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_PAGE_SIZES,
  orderStatusTone,
} from '#contract/order-items.ts';
import type { Order } from '#contract/orders.ts';
import { Badge } from '#src/components/badge.tsx';
import { DataTable, type TableColumn } from '#src/components/data-table/data-table.tsx';
import { PagedTableCard } from '#src/components/data-table/paged-table-card.tsx';
import { MessageIcon } from '#src/components/icons.tsx';
import { EmptyState } from '#src/components/state-blocks.tsx';
import { useSeesOrderPrices } from '#src/features/profile/api/queries.ts';
import type { SavedViewsMenuSlot } from '#src/features/saved-views/api/queries.ts';
import { useColumnLayout, withColumn } from '#src/hooks/use-column-layout.ts';
import { useListState } from '#src/hooks/use-list-state.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { settledTotal, usePageInRange } from '#src/hooks/use-page-in-range.ts';
import { useRetryAfterNetworkError } from '#src/hooks/use-retry-after-network-error.ts';
import { NetworkError } from '#src/lib/api-client.ts';
import { formatDate } from '#src/utils/format.ts';

import { orderQueries } from '../api/queries.ts';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../labels.ts';
import {
  hasOrderFilters,
  orderListAddress,
  type OrderListFilter,
  type OrderSortColumn,
  serverQueryString,
  sortedColumn,
  withoutPrices,
} from '../list-state.ts';
import { ColumnLayoutControls } from './column-layout-controls.tsx';
import { MoneyText } from './money-text.tsx';
import { OfflineNote } from './offline-note.tsx';
import { OrderFilters } from './order-filters.tsx';
import { QueuedActionsNotice } from './queued-actions-notice.tsx';

export const ORDER_COLUMNS_KEY = 'order_columns_table';

/** An order's unread messages beside its number: "2 unread", read as "2 unread messages". */
function UnreadMessagesBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge variant="destructive" className="gap-1 whitespace-nowrap">
      <MessageIcon className="size-3.5" />
      {count} unread <span className="sr-only">{count === 1 ? 'message' : 'messages'}</span>
    </Badge>
  );
}

/** What the empty list says: why nothing shows, for the filters it was asked with. */
function emptyDescription(filter: OrderListFilter): string {
  const { messages, ...others } = filter;
  if (messages === 'unread' && !hasOrderFilters(others)) return 'No orders with unread messages.';
  return hasOrderFilters(filter)
    ? 'No orders match these filters. Try widening or resetting them.'
    : 'Orders you place appear here with their status, links and totals.';
}

const columns: TableColumn<Order>[] = [
  {
    id: 'number',
    label: 'Number',
    sortKey: 'number',
    render: (o) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        {o.number} <UnreadMessagesBadge count={o.unread_messages} />
      </span>
    ),
  },
  {
    id: 'po_number',
    label: 'PO number',
    render: (o) => o.po_number ?? '',
    // A phone's order card leaves an order without one out, as an item's card does.
    isEmpty: (o) => !o.po_number,
  },
  { id: 'company', label: 'Company', render: (o) => o.company.title },
  {
    id: 'created_at',
    label: 'Date',
    sortKey: 'created_at',
    render: (o) => formatDate(o.created_at),
  },
  {
    id: 'status',
    label: 'Status',
    sortKey: 'status',
    render: (o) => (
      <Badge variant={orderStatusTone(o.status)}>{ORDER_STATUS_LABELS[o.status]}</Badge>
    ),
  },
  {
    id: 'payment_status',
    label: 'Payment status',
    // Worded and drawn as on the order's own page.
    render: (o) => <Badge variant="secondary">{PAYMENT_STATUS_LABELS[o.payment.status]}</Badge>,
  },
  {
    id: 'links_amount',
    label: 'Links amount',
    align: 'right',
    // Every item ordered; the cancelled ones are named, so the count never claims them live.
    render: (o) =>
      o.cancelled_links_amount > 0
        ? `${o.links_amount} (${o.cancelled_links_amount} cancelled)`
        : o.links_amount,
  },
  {
    id: 'live_links_amount',
    label: 'Live links amount',
    align: 'right',
    render: (o) => o.live_links_amount,
  },
  {
    id: 'price',
    label: 'Total',
    sortKey: 'price',
    align: 'right',
    render: (o) => <MoneyText value={o.price} />,
  },
  {
    id: '_view',
    label: 'Actions',
    isFixed: true,
    pinEnd: true,
    render: (o) => (
      <Link
        to={`/orders/${o.id}`}
        className="font-medium text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        View<span className="sr-only"> order {o.number}</span>
      </Link>
    ),
  },
];

/** The columns without the sorting by price, for a member who sees no order prices. */
const columnsWithoutPriceSorting = columns.map((column) =>
  column.id === 'price' ? { ...column, sortKey: undefined } : column,
);

/**
 * The buyer's orders (spec §2 "Orders list"). A member who sees no order prices (decision 206)
 * is offered neither the price range nor the sorting by price, and the address drops them.
 */
export function OrdersSection({ SavedViewsMenu }: { SavedViewsMenu?: SavedViewsMenuSlot }) {
  const [address, setState] = useListState(orderListAddress);
  const seesPrices = useSeesOrderPrices();
  const state = useMemo(
    () => (seesPrices ? address : withoutPrices(address)),
    [address, seesPrices],
  );
  useEffect(() => {
    if (state !== address) setState(state, { replace: true });
  }, [state, address, setState]);
  const shownColumns = seesPrices ? columns : columnsWithoutPriceSorting;
  const [layout, setLayout] = useColumnLayout(ORDER_COLUMNS_KEY);
  const isOnline = useOnlineStatus();
  const query = useQuery(orderQueries.list(serverQueryString(state)));
  useRetryAfterNetworkError(!query.data && query.error instanceof NetworkError, query.refetch);
  const companies = useQuery(orderQueries.companies());
  const orders = useMemo(() => query.data?.data ?? [], [query.data]);
  const total = query.data?.pagination.total ?? 0;
  const limit = state.limit ?? ORDER_LIST_DEFAULT_LIMIT;
  const page = state.page ?? 1;
  usePageInRange(page, limit, settledTotal(query, total), (last) =>
    setState({ ...state, page: last }, { replace: true }),
  );

  const hide = (id: string) => setLayout(withColumn(layout, id, false));

  return (
    <section aria-labelledby="orders-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h1 id="orders-heading" className="text-2xl font-semibold text-slate-900">
          Your orders
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <ColumnLayoutControls
            columns={shownColumns}
            layout={layout}
            setLayout={setLayout}
            SavedViewsMenu={SavedViewsMenu}
            kind="order_columns"
            title="Saved layouts"
          />
        </div>
      </div>
      <QueuedActionsNotice />
      <OrderFilters
        state={state}
        companies={companies.data ?? []}
        offersPrices={seesPrices}
        onApply={setState}
      />
      {query.data ? <OfflineNote isOnline={isOnline} savedAt={query.dataUpdatedAt} /> : null}
      {!query.data && (query.error instanceof NetworkError || (query.isPending && !isOnline)) ? (
        <EmptyState
          title="Not available offline"
          description="This page is not saved on this device. Open it once while online to see it offline."
        />
      ) : (
        <PagedTableCard
          query={query}
          loadingLabel="Loading orders…"
          pagination={{
            page,
            limit,
            total,
            pageSizeOptions: ORDER_PAGE_SIZES,
            onPageChange: (next) => setState({ ...state, page: next }),
            onLimitChange: (next) => setState({ ...state, limit: next, page: undefined }),
          }}
          empty={
            <EmptyState
              className="m-4"
              title="No orders to show"
              description={emptyDescription(state.filter)}
            />
          }
        >
          <DataTable
            caption="Orders"
            rows={orders}
            rowKey={(o) => o.id}
            columns={shownColumns}
            hidden={layout.hidden}
            isLoading={query.isPending}
            skeletonRows={5}
            sorting={sortedColumn(state)}
            onSort={(column, direction) =>
              setState({
                ...state,
                sorting: direction ? { [column as OrderSortColumn]: direction } : {},
                page: undefined,
              })
            }
            onHide={hide}
            stickyFirst
            stackOnPhone
          />
        </PagedTableCard>
      )}
    </section>
  );
}
