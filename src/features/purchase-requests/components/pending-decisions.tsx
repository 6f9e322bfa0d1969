import { useQuery } from '@tanstack/react-query';

import { CountedLabel } from '#src/components/counted-label.tsx';

import { purchaseRequestQueries } from '../api/queries.ts';

/** How many requests wait for the caller's decision; 0 while the number is not known. */
function usePendingDecisions(): number {
  return useQuery(purchaseRequestQueries.pendingDecisions()).data ?? 0;
}

const inWords = (pending: number) =>
  `${pending} ${pending === 1 ? 'purchase request' : 'purchase requests'} to decide`;

/**
 * The menu's "Purchase requests" with the number waiting for the approver's decision beside it,
 * read as "Purchase requests, 1 purchase request to decide".
 */
export function PendingDecisionsCount({ label }: { label: string }) {
  const pending = usePendingDecisions();
  return (
    <CountedLabel
      label={label}
      count={pending}
      spoken={inWords(pending)}
      testId="pending-decisions-count"
    />
  );
}

/**
 * What a menu button says of the waiting requests: the description `id` names ("1 purchase
 * request to decide", read after the button's name, which stays the same) and a red dot on the
 * button, so that an approver sees that something waits before opening the menu.
 */
export function PendingDecisionsNote({ id }: { id: string }) {
  const pending = usePendingDecisions();
  return (
    <>
      <span id={id} hidden>
        {pending > 0 ? inWords(pending) : ''}
      </span>
      {pending > 0 ? (
        <span
          aria-hidden="true"
          data-testid="pending-decisions-dot"
          className="absolute top-1 right-1 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
        />
      ) : null}
    </>
  );
}
