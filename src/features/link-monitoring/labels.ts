import type { LinkIssueEventKind, LinkMonitoringSummary } from '#contract/link-monitoring.ts';
import { formatPercent } from '#src/utils/format.ts';

/** The steps of a link issue as its timeline names them. */
export const LINK_ISSUE_EVENT_TITLES: Record<LinkIssueEventKind, string> = {
  opened: 'Issue opened',
  buyer_notified: 'You were notified',
  restore_requested: 'Restore asked for',
  publisher_updating: 'Publisher updating the article',
  link_restored: 'Link restored',
  refund_requested: 'Refund asked for',
  refunded: 'Refunded',
  closed: 'Issue closed',
};

const figure = new Intl.NumberFormat('en-US');

function count(n: number, one: string, many: string): string {
  return `${figure.format(n)} ${n === 1 ? one : many}`;
}

/**
 * The summary in words: "312 live links, 97% healthy, 4 issues open"; with no live link, why
 * there is none rather than "0 live links, not checked yet".
 */
export function summarySentence(summary: LinkMonitoringSummary): string {
  if (summary.total === 0) {
    return 'No live links yet: each is checked once a publisher publishes your article.';
  }
  const healthy =
    summary.healthy_percent === null
      ? 'not checked yet'
      : `${formatPercent(summary.healthy_percent)} healthy`;
  const issues =
    summary.issues_open === 0
      ? 'no issues open'
      : count(summary.issues_open, 'issue open', 'issues open');
  return `${count(summary.total, 'live link', 'live links')}, ${healthy}, ${issues}`;
}
