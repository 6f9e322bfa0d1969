/**
 * The orders lists as their addresses keep them (spec §2, §4 "Filter state"; decision 192): the
 * wire shape of their queries (`filter[status][]=processing&sorting[created_at]=DESC&page=2`),
 * read once through the forgiving address schemas (a value that does not read falls back on its
 * own), written back with the query-string codec. The server query is the state with its default
 * sorting; its string is the request's query, the query key and the key of the offline copy.
 */
import { type ListAddress, parseForgivingQuery, type SortDirection } from '#contract/list-query.ts';
import {
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_SORT_COLUMNS,
  OrderItemsAddressSchema,
  OrderListAddressSchema,
} from '#contract/order-items.ts';
import type { OrderStatus, PaymentStatus } from '#contract/orders.ts';
import { encodeQuery } from '#contract/query-string.ts';

export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

/** `filter[…]` of GET /v1/buyer/orders. */
export interface OrderListFilter {
  search?: string;
  status?: OrderStatus[];
  payment_status?: PaymentStatus[];
  company?: string[];
  /** Money amounts as the query writes them (`10`, `99.50`). */
  order_price?: { min?: string; max?: string };
  /** `unread`: only orders with messages the member has not read (decision 213). */
  messages?: 'unread';
}

/** The orders list's address: the wire shape of its query, sorted by one column at most. */
export interface OrderListState {
  filter: OrderListFilter;
  sorting: Partial<Record<OrderSortColumn, SortDirection>>;
  page?: number;
  limit?: number;
}

export function parseOrderListState(search: string): OrderListState {
  const {
    filter = {},
    sorting = {},
    page,
    limit,
  } = parseForgivingQuery(OrderListAddressSchema, search);
  // The list sorts by one column: the first the address names, in the order of the columns.
  const column = ORDER_SORT_COLUMNS.find((c) => sorting[c] !== undefined);
  const state: OrderListState = { filter, sorting: column ? { [column]: sorting[column] } : {} };
  if (page !== undefined) state.page = page;
  if (limit !== undefined) state.limit = limit;
  return state;
}

/** The state as the address writes it: the first page and the default size are left out. */
export function serializeOrderListState({ filter, sorting, page, limit }: OrderListState): string {
  return encodeQuery({
    // One order of the keys, so that the same filter is always the same query.
    filter: {
      search: filter.search,
      status: filter.status,
      payment_status: filter.payment_status,
      company: filter.company,
      order_price: filter.order_price,
      messages: filter.messages,
    },
    sorting,
    page: page !== undefined && page > 1 ? page : undefined,
    limit: limit !== undefined && limit !== ORDER_LIST_DEFAULT_LIMIT ? limit : undefined,
  });
}

/** The sorting of the list's column header: the one column the state sorts by, if any. */
export function sortedColumn(
  state: OrderListState,
): { column: OrderSortColumn; direction: SortDirection } | null {
  const column = ORDER_SORT_COLUMNS.find((c) => state.sorting[c] !== undefined);
  return column ? { column, direction: state.sorting[column]! } : null;
}

/** Whether the filter narrows the list (the empty list then says so). */
export function hasOrderFilters(filter: OrderListFilter): boolean {
  const { search, status, payment_status, company, order_price, messages } = filter;
  return Boolean(
    search ||
    status ||
    payment_status ||
    company ||
    order_price?.min ||
    order_price?.max ||
    messages,
  );
}

/**
 * The state without its price range and sorting by price, for a member who sees no order prices
 * (decision 206): a shared address cannot filter or sort on what they do not see.
 */
export function withoutPrices(state: OrderListState): OrderListState {
  if (state.filter.order_price === undefined && state.sorting.price === undefined) return state;
  const { order_price: _price, ...filter } = state.filter;
  const { price: _sorting, ...sorting } = state.sorting;
  return { ...state, filter, sorting };
}

/** The query of GET /v1/buyer/orders: the state, the newest orders first when it names no sorting. */
export function toServerQuery(state: OrderListState): OrderListState {
  return Object.keys(state.sorting).length > 0
    ? state
    : { ...state, sorting: { created_at: 'DESC' } };
}

/** The request's query as sent, its query key and the key of its offline copy. */
export function serverQueryString(state: OrderListState): string {
  return serializeOrderListState(toServerQuery(state));
}

export const orderListAddress: ListAddress<OrderListState> = {
  parse: parseOrderListState,
  serialize: serializeOrderListState,
};

/** The page of one order's items (spec §2 "Order item table"): the wire shape of its query. */
export interface OrderItemsPage {
  page: number;
  limit: number;
}

export const orderItemsAddress: ListAddress<OrderItemsPage> = {
  parse: (search) => {
    const { page = 1, limit = ORDER_LIST_DEFAULT_LIMIT } = parseForgivingQuery(
      OrderItemsAddressSchema,
      search,
    );
    return { page, limit };
  },
  serialize: ({ page, limit }) =>
    encodeQuery({
      page: page > 1 ? page : undefined,
      limit: limit !== ORDER_LIST_DEFAULT_LIMIT ? limit : undefined,
    }),
};

/** The query of one page of an order's items as sent, always naming both; also its query key. */
export function orderItemsQueryString({ page, limit }: OrderItemsPage): string {
  return encodeQuery({ page, limit });
}
