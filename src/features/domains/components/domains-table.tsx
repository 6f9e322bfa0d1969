import { useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import type { BuyerDomain } from '../../../../contract/domains.ts';
import { Card } from '../../../components/card.tsx';
import { GlobeIcon } from '../../../components/icons.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { EmptyState, ErrorState } from '../../../components/state-blocks.tsx';
import { TABLE_PAGE_SIZE_OPTIONS } from '../../../config/constants.ts';
import { domainQueries } from '../api/queries.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

const column = createColumnHelper<BuyerDomain>();

const columns = [
  column.accessor('hostname', {
    header: 'Hostname',
    cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span>,
  }),
  column.accessor('referents_file', {
    header: 'Referring domains file',
    cell: (info) =>
      info.getValue()?.file_name ?? <span className="text-slate-400">Not uploaded</span>,
  }),
  column.accessor('import_status', {
    header: 'Import status',
    cell: (info) => <ImportStatusBadge status={info.getValue()} />,
  }),
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
  // TanStack Table returns new functions on every render; this component is deliberately not
  // memoized, so the compiler's notice does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: query.data?.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    rowCount: query.data?.pagination.total ?? 0,
  });

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
      <div className="overflow-x-auto">
        <table
          className="min-w-full divide-y divide-slate-100 text-sm"
          aria-busy={query.isFetching || undefined}
        >
          <caption className="sr-only">Your domains</caption>
          <thead className="bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-5 py-2.5 text-left text-xs font-medium tracking-wide whitespace-nowrap text-slate-500 uppercase"
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {query.isPending
              ? Array.from({ length: 5 }, (_, index) => (
                  <tr key={index}>
                    {columns.map((_column, cell) => (
                      <td key={cell} className="px-5 py-3.5">
                        <Skeleton className="h-4 w-32" />
                      </td>
                    ))}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className="hover:bg-slate-50/60">
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className="px-5 py-3 whitespace-nowrap text-slate-700">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {query.isPending ? (
        <p role="status" className="sr-only">
          Loading domains…
        </p>
      ) : null}
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
