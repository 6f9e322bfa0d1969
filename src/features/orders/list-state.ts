/**
 * The orders list state kept in the address (spec §2, §4 "Filter state"): the server's own query
 * (`filter[status][]=processing&sorting[created_at]=DESC&page=2&limit=25`), read through the
 * forgiving `OrderListAddressSchema` — anything unreadable is left out rather than breaking the page.
 */
import {
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_SORT_COLUMNS,
  OrderItemsAddressSchema,
  OrderListAddressSchema,
} from '#contract/order-items.ts';
import type { OrderStatus, PaymentStatus } from '#contract/orders.ts';
import { parseForgivingQuery, type ListAddress, type SortDirection } from '#contract/list-query.ts';
import { encodeQuery } from '#contract/query-string.ts';

export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

export interface OrderListState {
  search?: string;
  status?: OrderStatus[];
  payment_status?: PaymentStatus[];
  company?: string[];
  price_min?: string;
  price_max?: string;
  sorting?: { column: OrderSortColumn; direction: SortDirection };
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
  return {
    search: filter.search,
    status: filter.status,
    payment_status: filter.payment_status,
    company: filter.company,
    price_min: filter.order_price?.min,
    price_max: filter.order_price?.max,
    sorting: column ? { column, direction: sorting[column]! } : undefined,
    page,
    limit,
  };
}

export function serializeOrderListState(state: OrderListState): string {
  return encodeQuery({
    filter: {
      search: state.search,
      status: state.status,
      payment_status: state.payment_status,
      company: state.company,
      order_price:
        state.price_min || state.price_max
          ? { min: state.price_min, max: state.price_max }
          : undefined,
    },
    sorting: state.sorting ? { [state.sorting.column]: state.sorting.direction } : undefined,
    page: state.page && state.page > 1 ? String(state.page) : undefined,
    limit:
      state.limit && state.limit !== ORDER_LIST_DEFAULT_LIMIT ? String(state.limit) : undefined,
  });
}

/** What is sent to the server: the address state with the default sorting (newest first). */
export function serverQuery(state: OrderListState): string {
  return serializeOrderListState({
    ...state,
    sorting: state.sorting ?? { column: 'created_at', direction: 'DESC' },
  });
}

export const orderListAddress: ListAddress<OrderListState> = {
  parse: parseOrderListState,
  serialize: serializeOrderListState,
};

/** The page of one order's items (spec §2 "Order item table"). */
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
      page: page > 1 ? String(page) : undefined,
      limit: limit !== ORDER_LIST_DEFAULT_LIMIT ? String(limit) : undefined,
    }),
};
