import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  parseOrderListState,
  serializeOrderListState,
  type OrderListState,
} from '../list-state.ts';

/** The orders list's filters, sorting and page, kept in the address. */
export function useOrderListState(): [OrderListState, (next: OrderListState) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => parseOrderListState(search), [search]);
  const setState = useCallback(
    (next: OrderListState) => setParams(serializeOrderListState(next)),
    [setParams],
  );
  return [state, setState];
}
