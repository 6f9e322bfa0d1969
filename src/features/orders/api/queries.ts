import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { isLinkHealthSettling } from '#contract/link-monitoring.ts';
import type { Order } from '#contract/orders.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import type { SavedViewsSource } from '#src/features/saved-views/api/queries.ts';
import { listOutbox } from '#src/lib/outbox.ts';

import { itemActionOutbox } from './item-actions.ts';
import { orderKeys } from './query-keys.ts';
import { fetchOrder, fetchOrderItems, fetchOrders } from './requests.ts';

/** The member's unread messages (the navigation's count); a conversation invalidates its key. */
export { unreadMessagesKey, unreadMessagesQuery } from './unread-messages.ts';

/**
 * Saved column layouts of the orders tables (order_columns, order_item_columns,
 * order_article_columns, order_topic_columns), cached apart and kept offline by the persisted
 * query cache.
 */
export const orderSavedViews: SavedViewsSource = { scope: 'orders' };

/** How often an item page with a link still settling is asked for again. */
const SETTLING_LINKS_REFRESH_MS = 20_000;

/** How often an order whose invoice or credit note is still being printed is asked for again. */
export const PRINTING_DOCUMENT_REFRESH_MS = 3_000;

/** Whether the order names a document whose PDF is not printed yet (decision 196). */
function isPrintingDocument(order: Order | undefined): boolean {
  return (
    (order?.invoice !== null && order?.invoice !== undefined && order.invoice.file === null) ||
    (order?.credit_note !== null &&
      order?.credit_note !== undefined &&
      order.credit_note.file === null)
  );
}

/**
 * Orders, an order and its item pages are kept in the persisted query cache, so what the buyer has
 * opened is readable offline after a reload.
 */
export const orderQueries = {
  all: orderKeys.all,
  list: (serverQuery: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'list', serverQuery] as const,
      queryFn: ({ signal }) => fetchOrders(serverQuery, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => fetchOrder(id, signal),
      // "PDF being prepared" turns into the file's link without a reload.
      refetchInterval: (query) =>
        isPrintingDocument(query.state.data) ? PRINTING_DOCUMENT_REFRESH_MS : false,
    }),
  itemPages: orderKeys.itemPages,
  /** One page of an order's items, keyed by its query as sent (`orderItemsQueryString`). */
  items: (orderId: string, query: string) =>
    queryOptions({
      queryKey: [...orderQueries.itemPages(orderId), query] as const,
      queryFn: ({ signal }) => fetchOrderItems(orderId, query, signal),
      placeholderData: keepPreviousData,
      // A link being checked or handled shows its next state without a reload (as the link
      // monitoring list does; a change elsewhere comes through its overview, decision 140).
      refetchInterval: (query) =>
        query.state.data?.data.some((item) => isLinkHealthSettling(item.link_health?.status))
          ? SETTLING_LINKS_REFRESH_MS
          : false,
    }),
  /** The buyer's companies, for the company filter: read from the one cached buyer profile. */
  companies: () =>
    queryOptions({
      ...profileQueries.detail(),
      select: (profile) => profile.accounts.map((account) => account.company),
    }),
  /** Actions waiting on this device or refused by the server; never persisted (Dexie holds them). */
  queued: () =>
    queryOptions({
      queryKey: ['local', 'orders', 'queued-actions'] as const,
      queryFn: () => listOutbox(itemActionOutbox),
      networkMode: 'always',
      staleTime: 0,
      meta: { persist: false },
    }),
};
