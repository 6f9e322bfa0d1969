import { useEffect, useRef } from 'react';

/** The last page of a list of `total` entries shown `limit` at a time (1 for an empty list). */
export function lastPageOf(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/**
 * The total a list query's answer gives for the page asked for; `undefined` while there is no
 * such answer, including while a previous page's answer stays on screen as placeholder data.
 */
export function settledTotal(
  query: { isSuccess: boolean; isPlaceholderData: boolean },
  total: number,
): number | undefined {
  return query.isSuccess && !query.isPlaceholderData ? total : undefined;
}

/**
 * A page past the list's last one (an old or shared link, or entries removed since) is moved to
 * the last page once the server has answered for it, replacing the history entry so that Back
 * does not return to the empty page. `settledTotal` is the total of an answer for this very page
 * (see `settledTotal`); `undefined` while there is none.
 */
export function usePageInRange(
  page: number,
  limit: number,
  settledTotal: number | undefined,
  goToPage: (page: number) => void,
): void {
  const go = useRef(goToPage);
  useEffect(() => {
    go.current = goToPage;
  });
  const last = settledTotal === undefined ? undefined : lastPageOf(settledTotal, limit);
  // Once per page and answer: StrictMode runs the effect twice, and one replace is enough.
  const askedFor = useRef<string | null>(null);
  useEffect(() => {
    if (last === undefined || page <= last || askedFor.current === `${page}:${last}`) return;
    askedFor.current = `${page}:${last}`;
    go.current(last);
  }, [page, last]);
}
