import { useQuery } from '@tanstack/react-query';
import type { BuyerDomain } from '#contract/domains.ts';
import { Card } from '#src/components/card.tsx';
import { DataTable, type TableColumn } from '#src/components/data-table/data-table.tsx';
import { GlobeIcon } from '#src/components/icons.tsx';
import { Pagination } from '#src/components/pagination.tsx';
import { EmptyState, ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { TABLE_PAGE_SIZE_OPTIONS } from '#src/config/constants.ts';
import { domainQueries } from '../api/queries.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

const columns: TableColumn<BuyerDomain>[] = [
  {
    id: 'hostname',
    label: 'Hostname',
    render: (domain) => <span className="font-medium text-slate-900">{domain.hostname}</span>,
  },
  {
    id: 'referents_file',
    label: 'Referring domains file',
    render: (domain) =>
      domain.referents_file?.file_name ?? <span className="text-slate-500">Not uploaded</span>,
  },
  {
    id: 'import_status',
    label: 'Import status',
    render: (domain) => <ImportStatusBadge status={domain.import_status} />,
  },
];

export interface DomainsTableProps {
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}

/** The buyer's own domains, paged on the server; page and size live in the address. */
export function DomainsTable({ page, limit, onPageChange, onLimitChange }: DomainsTableProps) {
  const query = useQuery(domainQueries.list({ page, limit }));

  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }

  if (query.isSuccess && query.data.pagination.total === 0) {
    return (
      <EmptyState
        icon={<GlobeIcon className="size-5" />}
        title="No domains yet"
        description="Domains you buy links for appear here with their referring-domain lists."
      />
    );
  }

  return (
    <Card className="overflow-hidden">
      <DataTable
        caption="Your domains"
        rows={query.data?.data ?? []}
        rowKey={(domain) => domain.id}
        columns={columns}
        hidden={[]}
        isLoading={query.isPending}
        isBusy={query.isFetching}
      />
      {query.isPending ? <LoadingAnnouncement>Loading domains…</LoadingAnnouncement> : null}
      {query.data ? (
        <Pagination
          page={page}
          limit={limit}
          total={query.data.pagination.total}
          pageSizeOptions={TABLE_PAGE_SIZE_OPTIONS}
          onPageChange={onPageChange}
          onLimitChange={onLimitChange}
        />
      ) : null}
    </Card>
  );
}
