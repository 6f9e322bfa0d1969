import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { LINK_MONITORING_DEFAULT_LIMIT, type MonitoredLink } from '#contract/link-monitoring.ts';
import { Button, buttonClasses } from '#src/components/button.tsx';
import { Card } from '#src/components/card.tsx';
import { DataTable } from '#src/components/data-table/data-table.tsx';
import { OpenedLazily } from '#src/components/opened-lazily.tsx';
import { Pagination } from '#src/components/pagination.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { EmptyState, ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { paths } from '#src/config/paths.ts';
import { domainQueries } from '#src/features/domains/api/queries.ts';
import { useMemberAccounts } from '#src/features/profile/api/queries.ts';
import { useListState } from '#src/hooks/use-list-state.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { settledTotal, usePageInRange } from '#src/hooks/use-page-in-range.ts';
import { useRetryAfterNetworkError } from '#src/hooks/use-retry-after-network-error.ts';
import { NetworkError } from '#src/lib/api-client.ts';

import type { MonitoredItemRef } from '../api/mutations.ts';
import { linkMonitoringQueries } from '../api/queries.ts';
import { summarySentence } from '../labels.ts';
import { hasFilters, LINK_PAGE_SIZES, linkListAddress, serverQueryString } from '../list-state.ts';
import { cannotActOnLinksReason } from './check-now-button.tsx';
import { ExportLinksButton } from './export-links-button.tsx';
import { itemRefOf, linkColumns } from './link-columns.tsx';
import { LinkFilters } from './link-filters.tsx';

// The dialog's code loads when it is first opened (decision 110).
const LinkHealthDialog = lazy(() =>
  import('./link-health-dialog.tsx').then((module) => ({ default: module.LinkHealthDialog })),
);

const NO_LINKS: MonitoredLink[] = [];

/**
 * Why the member may not act on the links of each company among `links` (one note per company
 * whose role only follows its links); empty when they may act on all of them.
 */
function useLinkActRefusals(links: MonitoredLink[]): ReadonlyMap<string, string> {
  const accounts = useMemberAccounts();
  return useMemo(() => {
    const refusals = new Map<string, string>();
    for (const companyId of new Set(links.map((link) => link.order.company_id))) {
      const account = accounts.find((candidate) => candidate.company.id === companyId);
      const reason =
        account &&
        cannotActOnLinksReason(
          account.role,
          accounts.length > 1 ? account.company.title : undefined,
        );
      if (reason) refusals.set(companyId, reason);
    }
    return refusals;
  }, [links, accounts]);
}

/**
 * Every live link of the buyer with its health (decision 147): the summary in words, filters kept
 * in the address, the table with "Check now" and the item's link dialog, and the CSV export.
 */
export function LinkMonitoringSection() {
  const [state, setState] = useListState(linkListAddress);
  const isOnline = useOnlineStatus();
  const page = state.page ?? 1;
  const limit = state.limit ?? LINK_MONITORING_DEFAULT_LIMIT;
  const query = useQuery(linkMonitoringQueries.list(serverQueryString(state)));
  useRetryAfterNetworkError(!query.data && query.error instanceof NetworkError, query.refetch);
  const domains = useQuery(domainQueries.selectable());
  const [details, setDetails] = useState<{ item: MonitoredItemRef; open: boolean } | null>(null);
  const offlineNoteId = useId();
  const roleNoteId = useId();
  const links = query.data?.data ?? NO_LINKS;
  const refusals = useLinkActRefusals(links);
  const columns = useMemo(
    () =>
      linkColumns({
        onDetails: (link) => setDetails({ item: itemRefOf(link), open: true }),
        offlineNoteId,
        roleNoteIdOf: (companyId) =>
          refusals.has(companyId) ? `${roleNoteId}-${companyId}` : undefined,
      }),
    [offlineNoteId, roleNoteId, refusals],
  );
  const total = query.data?.pagination.total ?? 0;
  usePageInRange(page, limit, settledTotal(query, total), (last) =>
    setState({ ...state, page: last }, { replace: true }),
  );
  const summary = query.data?.summary;
  const isFiltered = hasFilters(state.filter);
  const clearFilters = () => setState({ filter: {}, limit: state.limit });
  const isUnavailableOffline =
    !query.data && (query.error instanceof NetworkError || (query.isPending && !isOnline));

  return (
    <section aria-labelledby="link-monitoring-heading">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="link-monitoring-heading" className="text-2xl font-semibold text-slate-900">
            Link monitoring
          </h1>
          {/* With no live link (or none under the filters) the list's empty state says why. */}
          {summary && summary.total > 0 ? (
            <p className="mt-1 text-sm text-slate-600">{summarySentence(summary)}</p>
          ) : query.isPending && !isUnavailableOffline ? (
            <Skeleton className="mt-2 h-4 w-64 max-w-full" />
          ) : null}
        </div>
        <ExportLinksButton
          filter={state.filter}
          isDisabled={!isOnline || total === 0}
          disabledReasonId={isOnline ? undefined : offlineNoteId}
        />
      </div>
      <LinkFilters
        state={state}
        domains={domains.data?.data.map((domain) => domain.hostname) ?? []}
        perHealth={summary?.per_health}
        onApply={setState}
      />
      {[...refusals].map(([companyId, reason]) => (
        <p
          key={companyId}
          id={`${roleNoteId}-${companyId}`}
          className="mb-3 text-sm text-slate-600"
        >
          {reason}
        </p>
      ))}
      {query.data && !isOnline ? (
        <p
          id={offlineNoteId}
          className="mb-3 rounded-lg border border-indigo-200 bg-indigo-50 px-3.5 py-3 text-sm text-indigo-800"
        >
          You are offline: showing the links as loaded on{' '}
          {dayjs(query.dataUpdatedAt).format('DD/MM/YYYY HH:mm')}. Checking a link and exporting
          need a connection.
        </p>
      ) : null}
      {isUnavailableOffline ? (
        <EmptyState
          title="Not available offline"
          description="Link monitoring is not saved on this device. Open it once while online to see it offline."
        />
      ) : query.isError && !query.data ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Card className="overflow-hidden">
          {query.isSuccess && total === 0 ? (
            isFiltered ? (
              <EmptyState
                className="m-4"
                title="No live links match these filters"
                description="Try other filters, or clear them to see every live link."
                action={
                  <Button variant="secondary" onClick={clearFilters}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                className="m-4"
                title="No live links yet"
                description="Links appear here once a publisher publishes your article."
                action={
                  <Link to={paths.orders} className={buttonClasses('secondary')}>
                    Go to your orders
                  </Link>
                }
              />
            )
          ) : (
            <DataTable
              caption="Monitored links"
              rows={links}
              rowKey={(link) => link.item.id}
              columns={columns}
              hidden={[]}
              isLoading={query.isPending}
              isBusy={query.isPlaceholderData}
              skeletonRows={5}
              stickyFirst
              stackOnPhone
            />
          )}
          {query.isPending ? <LoadingAnnouncement>Loading live links…</LoadingAnnouncement> : null}
          {query.data && total > 0 ? (
            <Pagination
              page={page}
              limit={limit}
              total={total}
              pageSizeOptions={LINK_PAGE_SIZES}
              onPageChange={(next) => setState({ ...state, page: next })}
              onLimitChange={(next) => setState({ ...state, limit: next, page: undefined })}
            />
          ) : null}
        </Card>
      )}
      <OpenedLazily open={details?.open ?? false}>
        {(isOpen) =>
          details ? (
            <LinkHealthDialog
              item={details.item}
              open={isOpen}
              onClose={() => setDetails({ ...details, open: false })}
            />
          ) : null
        }
      </OpenedLazily>
    </section>
  );
}
