/**
 * The orders list state kept in the address (spec §2, §4 "Filter state"): the server's own query
 * (`filter[status][]=processing&sorting[created_at]=DESC&page=2&limit=25`), read forgivingly —
 * anything unreadable is left out rather than breaking the page.
 */
import { ORDER_LIST_DEFAULT_LIMIT, ORDER_SORT_COLUMNS } from '../../../contract/order-items.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../contract/orders.ts';
import type { OrderStatus, PaymentStatus } from '../../../contract/orders.ts';
import { decodeQuery, encodeQuery } from '../../../contract/query-string.ts';

export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];
export type SortDirection = 'ASC' | 'DESC';
export const ORDER_PAGE_SIZES = [25, 50, 100] as const;

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

function oneOf<T extends string>(values: readonly T[], raw: unknown): T[] | undefined {
  const picked = list(raw).filter((v): v is T => (values as readonly string[]).includes(v));
  return picked.length ? [...new Set(picked)] : undefined;
}

function positive(raw: unknown): number | undefined {
  const n = typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

export function parseOrderListState(search: string): OrderListState {
  const query = decodeQuery(search);
  const filter = (
    typeof query.filter === 'object' && !Array.isArray(query.filter) ? query.filter : {}
  ) as Record<string, unknown>;
  const state: OrderListState = {};
  if (typeof filter.search === 'string' && filter.search.trim())
    state.search = filter.search.trim().slice(0, 255);
  state.status = oneOf(ORDER_STATUSES, filter.status);
  state.payment_status = oneOf(PAYMENT_STATUSES, filter.payment_status);
  const companies = list(filter.company).filter((id) => UUID.test(id));
  if (companies.length) state.company = [...new Set(companies)];
  const price = (filter.order_price ?? {}) as Record<string, unknown>;
  const min = typeof price.min === 'string' && AMOUNT.test(price.min) ? price.min : undefined;
  const max = typeof price.max === 'string' && AMOUNT.test(price.max) ? price.max : undefined;
  if (min !== undefined && max !== undefined && Number(min) > Number(max)) {
    // A range the server would refuse: keep neither bound.
  } else {
    state.price_min = min;
    state.price_max = max;
  }
  const sorting = (
    typeof query.sorting === 'object' && !Array.isArray(query.sorting) ? query.sorting : {}
  ) as Record<string, unknown>;
  for (const column of ORDER_SORT_COLUMNS) {
    const direction = sorting[column];
    if (direction === 'ASC' || direction === 'DESC') {
      state.sorting = { column, direction };
      break;
    }
  }
  state.page = positive(query.page);
  const limit = positive(query.limit);
  state.limit =
    limit && (ORDER_PAGE_SIZES as readonly number[]).includes(limit) ? limit : undefined;
  return state;
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
