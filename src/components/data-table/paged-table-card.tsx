import type { ReactNode } from 'react';

import { Card } from '../card.tsx';
import { Pagination, type PaginationProps } from '../pagination.tsx';
import { ErrorState, LoadingAnnouncement } from '../state-blocks.tsx';

/** What the scaffold reads of the page's query (a TanStack Query result). */
interface PageQuery {
  data: unknown;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * One page of a server-paged table in its card: the table (`children`), or `empty` once the query
 * answered with no rows; "Loading…" announced while the first answer is on its way; the paging
 * controls under it once there is an answer. A first load that failed is an error with Try again.
 */
export function PagedTableCard({
  query,
  empty,
  loadingLabel,
  pagination,
  children,
}: {
  query: PageQuery;
  /** Shown in place of the table when the answer has no rows (`pagination.total` is 0). */
  empty: ReactNode;
  loadingLabel: string;
  pagination: PaginationProps;
  children: ReactNode;
}) {
  if (query.isError && !query.data) {
    return <ErrorState message={query.error?.message} onRetry={() => void query.refetch()} />;
  }
  return (
    <Card className="overflow-hidden">
      {query.isSuccess && pagination.total === 0 ? empty : children}
      {query.isPending ? <LoadingAnnouncement>{loadingLabel}</LoadingAnnouncement> : null}
      {query.data ? <Pagination {...pagination} /> : null}
    </Card>
  );
}
