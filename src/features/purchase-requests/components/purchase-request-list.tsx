import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import {
  DECLINE_REASON_MAX,
  DeclineSchema,
  PURCHASE_REQUEST_STATUS_LABELS,
  type PurchaseRequest,
} from '#contract/purchase-requests.ts';
import { Button } from '#src/components/button.tsx';
import { Card } from '#src/components/card.tsx';
import { EmptyState, ErrorState, LoadingState } from '#src/components/state-blocks.tsx';
import { TextAreaField } from '#src/components/text-field.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { formatDate, formatMoney } from '#src/utils/format.ts';

import { purchaseRequestQueries } from '../api/queries.ts';
import { approvePurchaseRequest, declinePurchaseRequest } from '../api/requests.ts';

export const DECIDE_OFFLINE_MESSAGE = 'Approving and declining need a connection.';

/**
 * Approve, or decline with a reason, one pending request. Declining without a reason says so at
 * the field, which takes focus. The pressed button stays focusable while its request runs;
 * `onDecided` then moves focus to the request's status, since this block goes away.
 */
function Decision({ request, onDecided }: { request: PurchaseRequest; onDecided: () => void }) {
  const queryClient = useQueryClient();
  const isOnline = useOnlineStatus();
  const [key] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const done = async () => {
    onDecided();
    await queryClient.invalidateQueries({ queryKey: purchaseRequestQueries.all() });
  };
  const approve = useMutation({
    mutationFn: () => approvePurchaseRequest(request.id, key),
    onSuccess: done,
  });
  const decline = useMutation({
    mutationFn: () => declinePurchaseRequest(request.id, reason.trim()),
    onSuccess: done,
  });
  const onDecline = () => {
    const parsed = DeclineSchema.shape.reason.safeParse(reason);
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      reasonField.current?.focus();
      return;
    }
    setReasonError(undefined);
    decline.mutate();
  };
  return (
    <div className="mt-3 space-y-2">
      {!isOnline ? <p className="text-sm text-amber-800">{DECIDE_OFFLINE_MESSAGE}</p> : null}
      <TextAreaField
        ref={reasonField}
        label="Reason to decline"
        description="Needed to decline; the requester reads it."
        error={reasonError}
        maxLength={DECLINE_REASON_MAX}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          if (reasonError && event.target.value.trim() !== '') setReasonError(undefined);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={!isOnline || decline.isPending}
          loading={approve.isPending}
          onClick={() => approve.mutate()}
        >
          Approve {request.number}
        </Button>
        <Button
          variant="secondary"
          disabled={!isOnline || approve.isPending}
          loading={decline.isPending}
          onClick={onDecline}
        >
          Decline {request.number}
        </Button>
      </div>
    </div>
  );
}

function RequestCard({
  request,
  headingLevel,
}: {
  request: PurchaseRequest;
  headingLevel: HeadingLevel;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const status = useRef<HTMLSpanElement>(null);
  const isJustDecided = useRef(false);
  // Once the decision shows (the list read again, the request perhaps moved in it), focus goes to
  // its status: the buttons that had it are gone.
  useEffect(() => {
    if (!isJustDecided.current || request.status === 'pending') return;
    isJustDecided.current = false;
    status.current?.focus();
  }, [request.status]);
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading className="text-base font-semibold text-slate-900">{request.number}</Heading>
        <span
          ref={status}
          tabIndex={-1}
          className="text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {PURCHASE_REQUEST_STATUS_LABELS[request.status]}
        </span>
      </div>
      <p className="text-sm text-slate-600">
        {formatDate(request.created_at)} · {request.requester.name} · {request.company.title} ·{' '}
        {formatMoney(request.price)} excl. VAT
      </p>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {request.lines.map((line, index) => (
          <li key={index} className="break-words">
            {line.site.hostname} → {line.target_url} · {formatMoney(line.price)}
            {line.content_product_plan ? ` + ${formatMoney(line.content_price)}` : ''}
          </li>
        ))}
      </ul>
      {request.decline_reason ? (
        <p className="mt-2 text-sm text-red-700">Declined: {request.decline_reason}</p>
      ) : null}
      {request.order ? (
        <p className="mt-2 text-sm text-slate-700">Order {request.order.number}</p>
      ) : null}
      {request.can_decide ? (
        <Decision
          request={request}
          onDecided={() => {
            isJustDecided.current = true;
          }}
        />
      ) : null}
    </Card>
  );
}

/** The level of each request's heading: 2 on a page of its own, 3 in a section of another page. */
type HeadingLevel = 2 | 3;

/** Purchase requests: the caller's own (`mine`) or those waiting for their decision. */
export function PurchaseRequestList({
  view,
  headingLevel,
}: {
  view: 'mine' | 'to_decide';
  headingLevel: HeadingLevel;
}) {
  const query = useQuery(purchaseRequestQueries.list(view));
  if (query.isPending) return <LoadingState label="Loading purchase requests…" />;
  if (query.isError) {
    return (
      <ErrorState
        title="Purchase requests could not be loaded."
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.data.length === 0) {
    return <EmptyState title="No purchase requests" />;
  }
  return (
    <ul className="space-y-3" aria-label="Purchase requests">
      {query.data.data.map((request) => (
        <li key={request.id}>
          <RequestCard request={request} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
