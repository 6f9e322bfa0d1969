import { useQuery } from '@tanstack/react-query';
import { hostnameToUnicode } from '#contract/idna.ts';
import { useMemo, useState, type ReactNode } from 'react';
import type { BuyerDomain, CompetitorGroup } from '#contract/domains.ts';
import { Badge } from '#src/components/badge.tsx';
import { Button } from '#src/components/button.tsx';
import { Card } from '#src/components/card.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { DataTable, type TableColumn } from '#src/components/data-table/data-table.tsx';
import { GlobeIcon } from '#src/components/icons.tsx';
import { Pagination } from '#src/components/pagination.tsx';
import { EmptyState, ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { toast } from '#src/lib/toast-store.ts';
import { TABLE_PAGE_SIZE_OPTIONS } from '#src/config/constants.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { useRemoveDomain } from '../api/mutations.ts';
import { domainQueries } from '../api/queries.ts';
import { CompetitorsDialog } from './competitors-dialog.tsx';
import { DomainDrafts, useDomainDrafts } from './domain-drafts.tsx';
import type { RenderImport, RenderUploadDialog } from './import-slots.ts';
import { settledTotal, usePageInRange } from '#src/hooks/use-page-in-range.ts';

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

function groupsText(groups: readonly CompetitorGroup[] | undefined): ReactNode {
  if (!groups?.length) return <span className="text-slate-500">No groups</span>;
  return (
    <ul className="space-y-0.5">
      {groups.map((group) => (
        <li key={group.id}>
          {group.name}{' '}
          <span className="text-slate-500">
            ({group.competitors.length}{' '}
            {group.competitors.length === 1 ? 'competitor' : 'competitors'})
          </span>
        </li>
      ))}
    </ul>
  );
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
  const remove = useRemoveDomain();
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

  const columns: TableColumn<BuyerDomain>[] = [
    {
      id: 'hostname',
      label: 'Hostname',
      render: (domain) => (
        <span className="font-medium whitespace-normal text-slate-900">
          {hostnameToUnicode(domain.hostname)}
          {deleting.has(domain.id) ? (
            <Badge variant="warning" className="ml-2">
              Will be deleted when online
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: 'referents',
      label: 'Referring domains',
      render: (domain) =>
        renderImport({
          target: { kind: 'referents', domainId: domain.id, hostname: domain.hostname },
          file: domain.referents_file,
          status: domain.import_status,
        }),
    },
    {
      id: 'competitor_groups',
      label: 'Competitor groups',
      render: (domain) =>
        groups.isPending ? (
          <span className="text-slate-500">…</span>
        ) : (
          groupsText(groupsByDomain.get(domain.id))
        ),
    },
    {
      id: '_actions',
      label: 'Actions',
      align: 'right',
      render: (domain) => (
        <div className="flex justify-end gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Competitors of ${hostnameToUnicode(domain.hostname)}`}
            onClick={() => setCompetitorsOf(domain)}
          >
            Competitors
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${hostnameToUnicode(domain.hostname)}`}
            disabled={deleting.has(domain.id)}
            onClick={() => setToDelete(domain)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  const dialogs = (
    <>
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={`Delete ${toDelete ? hostnameToUnicode(toDelete.hostname) : 'domain'}?`}
        description="Its referring-domain list and competitor groups are removed. Cart lines and orders for it keep its name."
        confirmLabel="Delete domain"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          const domain = toDelete;
          remove.mutate(
            { id: domain.id, hostname: domain.hostname },
            {
              onSuccess: (result) =>
                toast(
                  result.status === 'sent'
                    ? {
                        title: 'Domain deleted',
                        description: `${hostnameToUnicode(domain.hostname)} was deleted.`,
                        variant: 'success',
                      }
                    : {
                        title: 'Saved on this device',
                        description: `${hostnameToUnicode(domain.hostname)} will be deleted when the connection returns.`,
                      },
                ),
              onSettled: () => setToDelete(null),
            },
          );
        }}
      />
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
