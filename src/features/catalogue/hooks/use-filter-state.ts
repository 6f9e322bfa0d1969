import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  defaultFilterState,
  hasNoFilterOrSorting,
  parseFilterState,
  serializeFilterState,
  type FilterState,
} from '../../../../contract/filter-state.ts';

/**
 * The catalogue's filters, sorting and page, kept in the address (spec §4). An address without
 * filters or sorting gets the default preset, written into the address so later changes keep it.
 */
export function useFilterState(): [FilterState, (next: FilterState) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const isBare = hasNoFilterOrSorting(search);
  const state = useMemo(() => {
    const parsed = parseFilterState(search);
    if (!hasNoFilterOrSorting(search)) return parsed;
    return { ...defaultFilterState(), page: parsed.page, limit: parsed.limit };
  }, [search]);

  useEffect(() => {
    if (isBare) setParams(serializeFilterState(state), { replace: true });
  }, [isBare, setParams, state]);

  const setState = useCallback(
    (next: FilterState) => setParams(serializeFilterState(next)),
    [setParams],
  );
  return [state, setState];
}
