// Checks and issues as the wire names them (contract/link-monitoring.ts), and the rules of the
// guarantee that decide which remedy a buyer may ask for now (decision 144).
import { type LinkCheck, type LinkIssue, REFUND_AFTER_DAYS } from '#contract/link-monitoring.ts';
import type { OrderItemStatus } from '#contract/orders.ts';

import type { CheckRow, IssueEventRow, IssueRow } from './link-monitoring.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function toLinkCheck(row: CheckRow): LinkCheck {
  return {
    id: row.id,
    checked_at: row.checkedAt.toISOString(),
    outcome: row.outcome,
    http_status: row.httpStatus,
    final_url: row.finalUrl,
    found: row.found ?? null,
    detail: row.detail,
    is_disallowed_by_robots: row.isDisallowedByRobots,
    duration_ms: row.durationMs,
  };
}

export interface IssueRights {
  isWithinGuarantee: boolean;
  /** From when a refund may be asked for; null outside the guarantee or once closed. */
  refundAvailableAt: Date | null;
  canRequestRestore: boolean;
  canRequestRefund: boolean;
}

/**
 * What the buyer may ask for about the issue now. An issue opened before the guarantee ended is
 * covered to its end, even when a refund becomes available after that day. A restore is asked
 * once, of a live link (not while its publisher updates it); a refund from 14 days after the
 * restore was asked for (or the issue opened), while the issue is open.
 */
export function issueRights(
  issue: Pick<IssueRow, 'openedAt' | 'closedAt' | 'restoreRequestedAt'>,
  guaranteeEndsAt: Date | null,
  itemStatus: OrderItemStatus,
  now: Date,
): IssueRights {
  const isWithinGuarantee =
    guaranteeEndsAt !== null && issue.openedAt.getTime() <= guaranteeEndsAt.getTime();
  const isOpen = issue.closedAt === null;
  const refundAvailableAt =
    isOpen && isWithinGuarantee
      ? new Date(
          (issue.restoreRequestedAt ?? issue.openedAt).getTime() + REFUND_AFTER_DAYS * DAY_MS,
        )
      : null;
  return {
    isWithinGuarantee,
    refundAvailableAt,
    canRequestRestore:
      isOpen &&
      isWithinGuarantee &&
      issue.restoreRequestedAt === null &&
      itemStatus === 'live_link',
    canRequestRefund: refundAvailableAt !== null && now.getTime() >= refundAvailableAt.getTime(),
  };
}

export function toLinkIssue(
  row: { issue: IssueRow; creditNote: { id: string | null; number: string | null } | null },
  events: readonly IssueEventRow[],
  context: {
    guaranteeEndsAt: Date | null;
    itemStatus: OrderItemStatus;
    now: Date;
    /**
     * Whether the caller sees the company's prices (decision 206): when not, the refund's event
     * names its credit note without its amount.
     */
    seesPrices: boolean;
  },
): LinkIssue {
  const { issue, creditNote } = row;
  const detailOf = (event: IssueEventRow) =>
    event.kind === 'refunded' && !context.seesPrices
      ? creditNote?.number
        ? `Credit note ${creditNote.number}.`
        : null
      : event.detail;
  const rights = issueRights(issue, context.guaranteeEndsAt, context.itemStatus, context.now);
  return {
    id: issue.id,
    opened_at: issue.openedAt.toISOString(),
    closed_at: issue.closedAt?.toISOString() ?? null,
    outcome: issue.outcome,
    is_within_guarantee: rights.isWithinGuarantee,
    guarantee_ends_at: context.guaranteeEndsAt?.toISOString() ?? null,
    restore_requested_at: issue.restoreRequestedAt?.toISOString() ?? null,
    refund_available_at: rights.refundAvailableAt?.toISOString() ?? null,
    credit_note:
      creditNote?.id && creditNote.number ? { id: creditNote.id, number: creditNote.number } : null,
    resolution: issue.resolution,
    can_request_restore: rights.canRequestRestore,
    can_request_refund: rights.canRequestRefund,
    events: events
      .filter((event) => event.issueId === issue.id)
      .map((event) => ({ at: event.at.toISOString(), kind: event.kind, detail: detailOf(event) })),
  };
}

/** A date as the buyer's mails write it: DD/MM/YYYY (UTC). */
export function mailDate(date: Date): string {
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${day}/${month}/${date.getUTCFullYear()}`;
}
