/** The link monitoring calls (decision 140): monitored links, an item's checks and issues. */
import {
  LinkCheckListSchema,
  LinkCheckSchema,
  LinkIssueListSchema,
  LinkIssueSchema,
  MonitoredLinkListSchema,
  type LinkRemedyKind,
} from '#contract/link-monitoring.ts';
import { apiClient } from '#src/lib/api-client.ts';

const ITEMS = '/v1/buyer/orders/items';

function itemPath(itemId: string, rest: string): string {
  return `${ITEMS}/${encodeURIComponent(itemId)}/${rest}`;
}

/** One page of the buyer's monitored links with the summary of the filter; `search` as the server takes it. */
export function fetchMonitoredLinks(search: string, signal?: AbortSignal) {
  return apiClient.request('/v1/buyer/link-monitoring', {
    query: new URLSearchParams(search),
    schema: MonitoredLinkListSchema,
    signal,
  });
}

/** An item's checks, newest first. */
export function fetchLinkChecks(
  itemId: string,
  page: { page: number; limit: number },
  signal?: AbortSignal,
) {
  return apiClient.request(itemPath(itemId, 'link-checks'), {
    query: { page: page.page, limit: page.limit },
    schema: LinkCheckListSchema,
    signal,
  });
}

/** An item's link issues, newest first, with their events. */
export function fetchLinkIssues(itemId: string, signal?: AbortSignal) {
  return apiClient.request(itemPath(itemId, 'link-issues'), {
    schema: LinkIssueListSchema,
    signal,
  });
}

/** Checks the live link now; a second call within a minute answers 429. */
export function checkLinkNow(itemId: string) {
  return apiClient.request(itemPath(itemId, 'link-checks'), {
    method: 'POST',
    schema: LinkCheckSchema,
  });
}

/** Asks for a restore or a refund of an open issue; 409 when it is not allowed now. */
export function requestRemedy(itemId: string, issueId: string, kind: LinkRemedyKind) {
  return apiClient.request(itemPath(itemId, `link-issues/${encodeURIComponent(issueId)}/remedy`), {
    method: 'POST',
    body: { kind },
    schema: LinkIssueSchema,
  });
}
