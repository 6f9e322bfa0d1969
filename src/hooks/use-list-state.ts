import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import type { ListAddress } from '#contract/list-query.ts';

/**
 * A list's filters, sorting and page, owned by the address: read through the list's forgiving
 * schema, written back through the query-string codec. Every screen that changes the list's state
 * goes through here, so the address has one writer and one format. A bare address that stands for
 * a preset (`address.fill`) gets it written in, replacing the history entry; so does a correction
 * (`{ replace: true }`, a page past the last one), which Back should not return to.
 */
export function useListState<T>(
  address: ListAddress<T>,
): [T, (next: T, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const { parse, serialize, fill } = address;
  const parsed = useMemo(() => parse(search), [parse, search]);
  const filled = useMemo(() => fill?.(parsed, search) ?? null, [fill, parsed, search]);

  useEffect(() => {
    if (filled) setParams(serialize(filled), { replace: true });
  }, [filled, serialize, setParams]);

  const setState = useCallback(
    (next: T, options?: { replace?: boolean }) => setParams(serialize(next), options),
    [serialize, setParams],
  );
  return [filled ?? parsed, setState];
}
