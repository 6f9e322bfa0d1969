import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';

import {
  FAILED_CHECKS_FOR_ISSUE,
  LINK_CHECK_OUTCOME_TITLES,
  type LinkCheck,
  type LinkIssue,
} from '#contract/link-monitoring.ts';
import { Button } from '#src/components/button.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { ErrorState } from '#src/components/state-blocks.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { NetworkError } from '#src/lib/api-client.ts';
import { cx } from '#src/utils/class-names.ts';
import { formatDate, formatDateTime } from '#src/utils/format.ts';

import { type MonitoredItemRef, useRequestRemedy } from '../api/mutations.ts';
import { linkMonitoringQueries } from '../api/queries.ts';
import { LINK_ISSUE_EVENT_TITLES } from '../labels.ts';
import { CheckNowButton, useCannotActOnLinks } from './check-now-button.tsx';

export interface LinkHealthDialogProps {
  item: MonitoredItemRef;
  open: boolean;
  onClose: () => void;
}

const NOT_OFFLINE =
  'Not available offline: this is not saved on this device. Open it once while online to see it offline.';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}

/**
 * What the buyer may do about an open issue: ask for a restore, ask for a refund (after a
 * confirmation), or read from when a refund may be asked, or that the link is outside its
 * guarantee. A refusal from the server shows beneath the buttons.
 */
function Remedies({ issue, item }: { issue: LinkIssue; item: MonitoredItemRef }) {
  const remedy = useRequestRemedy(item);
  const isOnline = useOnlineStatus();
  const cannotAct = useCannotActOnLinks(item.companyId);
  const [isConfirmingRefund, setConfirmingRefund] = useState(false);
  const offlineId = useId();
  const roleId = useId();
  const isOff = !isOnline || cannotAct !== undefined;
  const describedBy =
    [isOnline ? null : offlineId, cannotAct === undefined ? null : roleId]
      .filter(Boolean)
      .join(' ') || undefined;
  const pendingKind = remedy.isPending ? remedy.variables.kind : null;
  const ask = (kind: 'restore' | 'refund') =>
    remedy.mutate({ issueId: issue.id, kind }, { onSettled: () => setConfirmingRefund(false) });

  let explanation: string | null = null;
  if (!issue.is_within_guarantee) {
    explanation = `This link is outside its guarantee${
      issue.guarantee_ends_at ? `, which ended on ${formatDate(issue.guarantee_ends_at)}` : ''
    }: we keep checking it and tell you, but no restore or refund can be asked for.`;
  } else if (!issue.can_request_refund && issue.refund_available_at) {
    explanation = `If the link is not restored, a refund may be asked for from ${formatDateTime(
      issue.refund_available_at,
    )}.`;
  }
  const hasButtons = issue.can_request_restore || issue.can_request_refund;

  return (
    <div className="space-y-2">
      {hasButtons ? (
        <div className="flex flex-wrap gap-2">
          {issue.can_request_restore ? (
            <Button
              size="sm"
              loading={pendingKind === 'restore'}
              disabled={isOff}
              aria-describedby={describedBy}
              onClick={() => ask('restore')}
            >
              Ask for a restore
            </Button>
          ) : null}
          {issue.can_request_refund ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={isOff}
              aria-describedby={describedBy}
              onClick={() => setConfirmingRefund(true)}
            >
              Ask for a refund
            </Button>
          ) : null}
        </div>
      ) : null}
      {hasButtons && !isOnline ? (
        <p id={offlineId} className="text-sm text-slate-600">
          Asking for a remedy needs a connection.
        </p>
      ) : null}
      {hasButtons && cannotAct !== undefined ? (
        <p id={roleId} className="text-sm text-slate-600">
          {cannotAct}
        </p>
      ) : null}
      {remedy.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {remedy.error.message}
        </p>
      ) : null}
      {explanation ? <p className="text-sm text-slate-600">{explanation}</p> : null}
      <ConfirmDialog
        open={isConfirmingRefund}
        onClose={() => setConfirmingRefund(false)}
        onConfirm={() => ask('refund')}
        pending={pendingKind === 'refund'}
        title={`Refund item ${item.number}?`}
        description="The item's price comes back as a credit note, and the link is no longer monitored under the guarantee."
        confirmLabel="Ask for a refund"
        cancelLabel="Keep waiting"
      />
    </div>
  );
}

function Timeline({ issue }: { issue: LinkIssue }) {
  return (
    <ol aria-label="What happened" className="space-y-2 border-l-2 border-slate-200 pl-4">
      {issue.events.map((event, index) => (
        <li key={`${event.at}-${index}`} className="text-sm">
          <span className="font-medium text-slate-900">{LINK_ISSUE_EVENT_TITLES[event.kind]}</span>
          <span className="text-slate-500"> · {formatDateTime(event.at)}</span>
          {event.detail ? <p className="text-slate-600">{event.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function OpenIssue({ issue, item }: { issue: LinkIssue; item: MonitoredItemRef }) {
  return (
    <div className="space-y-3 rounded-lg border border-red-200 bg-red-50/50 p-4">
      <p className="text-sm font-semibold text-red-800">
        Open issue: {LINK_CHECK_OUTCOME_TITLES[issue.outcome]}
      </p>
      <dl className="space-y-1 text-sm">
        <Row label="Opened">{formatDateTime(issue.opened_at)}</Row>
        <Row label="Guarantee">
          {issue.is_within_guarantee
            ? issue.guarantee_ends_at
              ? `Until ${formatDate(issue.guarantee_ends_at)}`
              : 'Covered'
            : 'Outside the guarantee'}
        </Row>
        {issue.restore_requested_at ? (
          <Row label="Restore asked">{formatDateTime(issue.restore_requested_at)}</Row>
        ) : null}
      </dl>
      <Timeline issue={issue} />
      <Remedies issue={issue} item={item} />
    </div>
  );
}

function LastIssue({ issue }: { issue: LinkIssue }) {
  const how =
    issue.resolution === 'restored'
      ? 'the link was restored'
      : issue.resolution === 'refunded'
        ? `refunded${issue.credit_note ? ` with credit note ${issue.credit_note.number}` : ''}`
        : 'closed';
  return (
    <p className="text-sm text-slate-600">
      No open issue. The last one ({LINK_CHECK_OUTCOME_TITLES[issue.outcome]}, opened{' '}
      {formatDate(issue.opened_at)}) ended on {formatDate(issue.closed_at)}: {how}.
    </p>
  );
}

function IssuesPart({ item, isEnabled }: { item: MonitoredItemRef; isEnabled: boolean }) {
  const isOnline = useOnlineStatus();
  const query = useQuery({ ...linkMonitoringQueries.issues(item.id), enabled: isEnabled });
  let body: ReactNode;
  if (query.data) {
    const open = query.data.data.find((issue) => issue.closed_at === null);
    const last = query.data.data[0];
    body = open ? (
      <OpenIssue issue={open} item={item} />
    ) : last ? (
      <LastIssue issue={last} />
    ) : (
      <p className="text-sm text-slate-600">
        <span className="block">No issue so far.</span>
        {`An issue opens after ${FAILED_CHECKS_FOR_ISSUE} failed checks in a row, and you are told.`}
      </p>
    );
  } else if (query.error instanceof NetworkError || (query.isPending && !isOnline)) {
    body = <p className="text-sm text-slate-600">{NOT_OFFLINE}</p>;
  } else if (query.isError) {
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  } else {
    body = <Loading label="Loading issues…" />;
  }
  return (
    <section aria-labelledby={`issues-${item.id}`} className="space-y-2">
      <h3 id={`issues-${item.id}`} className="text-sm font-semibold text-slate-900">
        Issue
      </h3>
      {body}
    </section>
  );
}

function FoundLink({ check }: { check: LinkCheck }) {
  if (!check.found) return <span className="text-slate-500">No link to your site</span>;
  const { href, rel, anchor } = check.found;
  return (
    <span className="block space-y-0.5">
      <span className="block break-all">{href}</span>
      <span className="block text-slate-600">
        rel: {rel.length > 0 ? rel.join(' ') : 'none (followed)'} · anchor: “{anchor}”
      </span>
    </span>
  );
}

function CheckEntry({ check }: { check: LinkCheck }) {
  const isOk = check.outcome === 'ok';
  return (
    <li className="py-3">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className={cx('font-medium', isOk ? 'text-emerald-700' : 'text-red-700')}>
          {LINK_CHECK_OUTCOME_TITLES[check.outcome]}
        </span>
        <span className="text-slate-500">{formatDateTime(check.checked_at)}</span>
      </p>
      <dl className="mt-1.5 space-y-1 text-sm">
        <Row label="HTTP status">{check.http_status ?? 'No answer'}</Row>
        <Row label="Found">
          <FoundLink check={check} />
        </Row>
        {check.detail ? <Row label="Detail">{check.detail}</Row> : null}
        <Row label="Duration">{check.duration_ms} ms</Row>
        {check.is_disallowed_by_robots ? (
          <Row label="robots.txt">Disallows our checker on this page (reported, still checked)</Row>
        ) : null}
      </dl>
    </li>
  );
}

function ChecksPart({ item, isEnabled }: { item: MonitoredItemRef; isEnabled: boolean }) {
  const isOnline = useOnlineStatus();
  const query = useInfiniteQuery({ ...linkMonitoringQueries.checks(item.id), enabled: isEnabled });
  const checks = query.data?.pages.flatMap((page) => page.data) ?? [];
  let body: ReactNode;
  if (query.data) {
    body =
      checks.length === 0 ? (
        <p className="text-sm text-slate-600">
          Not checked yet. A live link is first checked within an hour of going live.
        </p>
      ) : (
        <>
          <ol aria-label="Checks, newest first" className="divide-y divide-slate-100">
            {checks.map((check) => (
              <CheckEntry key={check.id} check={check} />
            ))}
          </ol>
          {query.hasNextPage ? (
            <Button
              size="sm"
              variant="secondary"
              loading={query.isFetchingNextPage}
              disabled={!isOnline}
              onClick={() => void query.fetchNextPage()}
            >
              Show more
            </Button>
          ) : null}
        </>
      );
  } else if (query.error instanceof NetworkError || (query.isPending && !isOnline)) {
    body = <p className="text-sm text-slate-600">{NOT_OFFLINE}</p>;
  } else if (query.isError) {
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  } else {
    body = <Loading label="Loading checks…" />;
  }
  return (
    <section aria-labelledby={`checks-${item.id}`} className="space-y-2">
      <h3 id={`checks-${item.id}`} className="text-sm font-semibold text-slate-900">
        Check history
      </h3>
      {body}
    </section>
  );
}

/**
 * One item's live link (decision 147): its open issue first, with the steps so far and the
 * remedies, then every check, newest first, and "Check now".
 */
export function LinkHealthDialog({ item, open, onClose }: LinkHealthDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Link health of item ${item.number}`}
      footer={
        <>
          <CheckNowButton item={item} variant="primary" size="md" />
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        <IssuesPart item={item} isEnabled={open} />
        <ChecksPart item={item} isEnabled={open} />
      </div>
    </Dialog>
  );
}
