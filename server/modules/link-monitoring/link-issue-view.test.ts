// A refund's event names its credit note's amount; a caller who does not see the company's prices
// (decision 206) reads the credit note without it.
import { describe, expect, it } from 'vitest';

import { toLinkIssue } from './link-issue-view.ts';
import type { IssueEventRow, IssueRow } from './link-monitoring.repository.ts';

const at = new Date('2026-11-20T10:00:00Z');
const issue: IssueRow = {
  id: '00000000-0000-4000-8000-000000000701',
  itemId: '00000000-0000-4000-8000-000000000702',
  openedAt: at,
  closedAt: at,
  outcome: 'link_missing',
  restoreRequestedAt: null,
  refundRequestedAt: at,
  creditNoteId: '00000000-0000-4000-8000-000000000703',
  resolution: 'refunded',
  notifiedAt: null,
};
const events: IssueEventRow[] = [
  {
    id: 1,
    issueId: issue.id,
    at,
    kind: 'refund_requested',
    detail: 'The buyer asked for a refund.',
  },
  { id: 2, issueId: issue.id, at, kind: 'refunded', detail: 'Credit note CN-2026-000042: 119.00.' },
];

function detailsFor(seesPrices: boolean) {
  const view = toLinkIssue(
    { issue, creditNote: { id: issue.creditNoteId, number: 'CN-2026-000042' } },
    events,
    { guaranteeEndsAt: null, itemStatus: 'cancelled', now: at, seesPrices },
  );
  return view.events.map((event) => event.detail);
}

describe('a link issue’s events and prices', () => {
  it('names the refund’s amount to whoever sees the company’s prices', () => {
    expect(detailsFor(true)).toEqual([
      'The buyer asked for a refund.',
      'Credit note CN-2026-000042: 119.00.',
    ]);
  });

  it('names only the credit note to a Viewer of a company that hides its prices', () => {
    expect(detailsFor(false)).toEqual([
      'The buyer asked for a refund.',
      'Credit note CN-2026-000042.',
    ]);
  });
});
