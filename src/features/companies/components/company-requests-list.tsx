import { useQuery } from '@tanstack/react-query';

import {
  COMPANY_REQUEST_STATUS_LABELS,
  type CompanyRequest,
  type CompanyRequestStatus,
} from '#contract/companies.ts';
import { Badge, type BadgeVariant } from '#src/components/badge.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { EmptyState, ErrorState, LoadingState } from '#src/components/state-blocks.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { formatDate } from '#src/utils/format.ts';

import { companyQueries } from '../api/queries.ts';

const STATUS_VARIANTS: Record<CompanyRequestStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
};

function RequestItem({ request }: { request: CompanyRequest }) {
  const { details } = request;
  return (
    <li className="space-y-1 px-5 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-slate-900">
          {request.is_change
            ? `Change of ${request.company?.title ?? details.business_name}`
            : details.business_name}
        </p>
        <Badge variant={STATUS_VARIANTS[request.status]}>
          {COMPANY_REQUEST_STATUS_LABELS[request.status]}
        </Badge>
      </div>
      <p className="text-sm text-slate-500">
        {request.number} · sent {formatDate(request.created_at)}
        {request.decided_at ? ` · decided ${formatDate(request.decided_at)}` : ''}
        {details.country ? ` · ${details.country.title}` : ''}
      </p>
      {request.status === 'rejected' && request.rejection_reason ? (
        <p className="text-sm text-red-700">Reason: {request.rejection_reason}</p>
      ) : null}
    </li>
  );
}

/** 'My company requests' with their status and, when rejected, the reason. */
export function CompanyRequestsList() {
  const query = useQuery(companyQueries.requests());
  const isOnline = useOnlineStatus();
  const requests = query.data?.data ?? [];
  let body;
  if (query.data) {
    body =
      requests.length === 0 ? (
        <div className="p-5">
          <EmptyState
            title="No company requests"
            description="Requests for new companies and for changes appear here while they are reviewed."
          />
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="My company requests">
          {requests.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </ul>
      );
  } else if (!isOnline) {
    body = (
      <div className="p-5">
        <EmptyState
          title="You are offline"
          description="Your company requests load when you are back online."
        />
      </div>
    );
  } else if (query.isError) {
    body = (
      <div className="p-5">
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      </div>
    );
  } else {
    body = <LoadingState label="Loading company requests…" />;
  }
  return (
    <Card>
      <CardHeader
        title="My company requests"
        description={
          query.data && !isOnline ? 'You are offline: this is the list as last loaded.' : undefined
        }
      />
      {body}
    </Card>
  );
}
