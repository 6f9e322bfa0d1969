import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import {
  AUDIT_ACTIONS,
  AUDIT_PERIOD_MESSAGE,
  auditAmount,
  auditDetailLabel,
  type AuditEvent,
  isAuditPeriodReversed,
} from '#contract/audit.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Card } from '#src/components/card.tsx';
import { DataTable, type TableColumn } from '#src/components/data-table/data-table.tsx';
import { PagedTableCard } from '#src/components/data-table/paged-table-card.tsx';
import { EmptyState } from '#src/components/state-blocks.tsx';
import { useListState } from '#src/hooks/use-list-state.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { settledTotal, usePageInRange } from '#src/hooks/use-page-in-range.ts';
import { formatDateTime, formatMoney } from '#src/utils/format.ts';

import { memberQueries } from '../api/queries.ts';
import {
  AUDIT_PAGE_SIZE,
  auditExportPath,
  auditListAddress,
  auditServerQuery,
  hasAuditFilters,
} from '../audit-list-state.ts';
import { AuditFilters } from './audit-filters.tsx';

/** A detail as the app shows it: an amount in euro as money ("€1,261.00"), the rest as written. */
const detailValue = (name: string, value: string) => {
  const amount = auditAmount(name, value);
  return amount === null ? value : formatMoney(amount);
};

const COLUMNS: TableColumn<AuditEvent>[] = [
  {
    id: 'created_at',
    label: 'Date',
    isFixed: true,
    render: (event) => (
      <span className="whitespace-nowrap">{formatDateTime(event.created_at)}</span>
    ),
  },
  { id: 'actor', label: 'Member', isFixed: true, render: (event) => event.actor.name },
  { id: 'action', label: 'Action', isFixed: true, render: (event) => AUDIT_ACTIONS[event.action] },
  {
    id: 'subject',
    label: 'Subject',
    isFixed: true,
    render: (event) => <span className="break-all">{event.subject}</span>,
  },
  {
    id: 'details',
    label: 'Details',
    isFixed: true,
    isEmpty: (event) => Object.keys(event.details).length === 0,
    render: (event) => (
      <dl className="space-y-0.5">
        {Object.entries(event.details).map(([name, value]) => (
          <div key={name} className="flex flex-wrap gap-1">
            <dt className="text-slate-500">{auditDetailLabel(name)}:</dt>
            <dd className="break-all">{detailValue(name, value)}</dd>
          </div>
        ))}
      </dl>
    ),
  },
];

/** "Export CSV": the record with the list's filters as a file; needs a connection. */
function ExportCsvButton({
  path,
  onExport,
}: {
  path: string;
  onExport: (path: string) => Promise<void>;
}) {
  const isOnline = useOnlineStatus();
  const [isExporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={!isOnline}
        loading={isExporting}
        aria-describedby={isOnline ? undefined : noteId}
        onClick={() => {
          setError(null);
          setExporting(true);
          onExport(path)
            .catch((failure: unknown) =>
              setError(failure instanceof Error ? failure.message : 'The export failed.'),
            )
            .finally(() => setExporting(false));
        }}
      >
        Export CSV
      </Button>
      {isOnline ? null : (
        <p id={noteId} className="text-sm text-amber-800">
          Exporting needs a connection.
        </p>
      )}
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}

/**
 * The company's record of who did what, newest first, with its filters and page in the address;
 * "Export CSV" downloads it with the same filters (`onExport` is given the file's path).
 */
export function AuditLog({
  companyId,
  onExport,
}: {
  companyId: string;
  onExport: (path: string) => Promise<void>;
}) {
  const [state, setState] = useListState(auditListAddress);
  // A period that ends before it starts (an edited address) is refused on its field, unasked.
  const isReversed = isAuditPeriodReversed(state.filter.from, state.filter.to);
  const query = useQuery({
    ...memberQueries.audit(companyId, auditServerQuery(state)),
    enabled: !isReversed,
  });
  const members = useQuery(memberQueries.list(companyId));
  const page = state.page ?? 1;
  const total = query.data?.pagination.total ?? 0;
  usePageInRange(page, AUDIT_PAGE_SIZE, settledTotal(query, total), (next) =>
    setState({ ...state, page: next }, { replace: true }),
  );

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <AuditFilters
          state={state}
          members={members.data?.data ?? []}
          onApply={(next) => setState(next)}
        />
      </Card>
      <div className="flex justify-end">
        <ExportCsvButton path={auditExportPath(state.filter)} onExport={onExport} />
      </div>
      {isReversed ? (
        <Alert>{AUDIT_PERIOD_MESSAGE}</Alert>
      ) : (
        <PagedTableCard
          query={query}
          loadingLabel="Loading the audit log…"
          empty={
            <EmptyState
              title={
                hasAuditFilters(state.filter)
                  ? 'Nothing matches these filters'
                  : 'Nothing recorded yet'
              }
              description={
                hasAuditFilters(state.filter)
                  ? 'Change or reset the filters to see more.'
                  : 'What members do in the company is recorded here.'
              }
            />
          }
          pagination={{
            page,
            limit: AUDIT_PAGE_SIZE,
            total,
            onPageChange: (next) => setState({ ...state, page: next }),
          }}
        >
          <DataTable
            caption="Audit log"
            rows={query.data?.data ?? []}
            rowKey={(event) => event.id}
            columns={COLUMNS}
            hidden={[]}
            isLoading={query.isPending}
            isBusy={query.isPlaceholderData}
            stackOnPhone
          />
        </PagedTableCard>
      )}
    </div>
  );
}
