import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';

import type { BuyerDomain, CompetitorGroup } from '#contract/domains.ts';
import { Card } from '#src/components/card.tsx';
import { DataTable } from '#src/components/data-table/data-table.tsx';
import { GlobeIcon } from '#src/components/icons.tsx';
import { Pagination } from '#src/components/pagination.tsx';
import { EmptyState, ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { TABLE_PAGE_SIZE_OPTIONS } from '#src/config/constants.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { settledTotal, usePageInRange } from '#src/hooks/use-page-in-range.ts';

import { domainQueries } from '../api/queries.ts';
import { CompetitorsDialog } from './competitors-dialog.tsx';
import { DeleteDomainDialog } from './delete-domain-dialog.tsx';
import { domainColumns } from './domain-columns.tsx';
import { DomainDrafts, useDomainDrafts } from './domain-drafts.tsx';
import type { RenderImport, RenderUploadDialog } from './import-slots.ts';

export interface DomainsTableProps {
  page: number;
  limit: number;
  /** `replace` when the page is corrected (past the last one) rather than chosen. */
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
  onLimitChange: (limit: number) => void;
  renderImport: RenderImport;
  renderUploadDialog: RenderUploadDialog;
  /** Shown in the empty state: the way to add the first domain. */
  addAction?: ReactNode;
}

/** The buyer's own domains, paged on the server; page and size live in the address. */
export function DomainsTable({
  page,
  limit,
  onPageChange,
  onLimitChange,
  renderImport,
  renderUploadDialog,
  addAction,
}: DomainsTableProps) {
  const query = useQuery(domainQueries.list({ page, limit }));
  usePageInRange(page, limit, settledTotal(query, query.data?.pagination.total ?? 0), (last) =>
    onPageChange(last, { replace: true }),
  );
  const groups = useQuery(domainQueries.groupsOf(null));
  const drafts = useDomainDrafts() ?? [];
  const isOnline = useOnlineStatus();
  const [toDelete, setToDelete] = useState<BuyerDomain | null>(null);
  const [competitorsOf, setCompetitorsOf] = useState<BuyerDomain | null>(null);

  const groupsByDomain = useMemo(() => {
    const byDomain = new Map<string, CompetitorGroup[]>();
    for (const group of groups.data?.data ?? []) {
      const list = byDomain.get(group.buyer_domain.id) ?? [];
      list.push(group);
      byDomain.set(group.buyer_domain.id, list);
    }
    return byDomain;
  }, [groups.data]);
  const deleting = new Set(
    drafts.flatMap((draft) =>
      draft.action === 'delete' && draft.refusal === null ? [draft.variables.id] : [],
    ),
  );

  const columns = domainColumns({
    renderImport,
    groupsByDomain: groups.isPending ? null : groupsByDomain,
    deleting,
    onCompetitors: setCompetitorsOf,
    onDelete: setToDelete,
  });

  const dialogs = (
    <>
      <DeleteDomainDialog domain={toDelete} onClose={() => setToDelete(null)} />
      <CompetitorsDialog
        domain={competitorsOf}
        open={competitorsOf !== null}
        onClose={() => setCompetitorsOf(null)}
        renderImport={renderImport}
        renderUploadDialog={renderUploadDialog}
      />
    </>
  );

  let body: ReactNode;
  if (!query.data && !isOnline) {
    body = (
      <EmptyState
        title="You are offline"
        description="Your domains show here once the connection returns."
      />
    );
  } else if (query.isError && !query.data) {
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  } else if (query.data && query.data.pagination.total === 0) {
    body = (
      <EmptyState
        icon={<GlobeIcon className="size-5" />}
        title="No domains yet"
        description="Domains you buy links for appear here with their referring-domain lists."
        action={addAction}
      />
    );
  } else {
    body = (
      <Card className="overflow-hidden">
        <DataTable
          caption="Your domains"
          rows={query.data?.data ?? []}
          rowKey={(domain) => domain.id}
          columns={columns}
          hidden={[]}
          isLoading={query.isPending}
          isBusy={query.isFetching}
          stackOnPhone
        />
        {query.isPending ? <LoadingAnnouncement>Loading domains…</LoadingAnnouncement> : null}
        {query.data ? (
          <Pagination
            page={page}
            limit={limit}
            total={query.data.pagination.total}
            pageSizeOptions={TABLE_PAGE_SIZE_OPTIONS}
            onPageChange={(next) => onPageChange(next)}
            onLimitChange={onLimitChange}
          />
        ) : null}
      </Card>
    );
  }

  return (
    <>
      <DomainDrafts drafts={drafts} />
      {query.data && !isOnline ? (
        <p className="mb-3 text-sm text-amber-800">
          You are offline: this is the list as last loaded. Domains you add or delete are kept on
          this device and sent when you are back online; uploading a list needs a connection.
        </p>
      ) : null}
      {body}
      {dialogs}
    </>
  );
}
