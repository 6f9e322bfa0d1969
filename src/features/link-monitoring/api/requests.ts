/** The link monitoring calls (decision 140): monitored links, an item's checks and issues. */
import {
  linkMonitoringEndpoints as endpoints,
  type LinkRemedyKind,
} from '#contract/link-monitoring.ts';
import { apiClient } from '#src/lib/api-client.ts';

/**
 * One page of the buyer's monitored links with the summary of the filter; `query` as the codec
 * wrote it (`serverQueryString`).
 */
export function fetchMonitoredLinks(query: string, signal?: AbortSignal) {
  return apiClient.call(endpoints.list, { query, signal });
}

/** An item's checks, newest first. */
export function fetchLinkChecks(
  itemId: string,
  page: { page: number; limit: number },
  signal?: AbortSignal,
) {
  return apiClient.call(endpoints.checks, {
    params: { id: itemId },
    query: { page: page.page, limit: page.limit },
    signal,
  });
}

/** An item's link issues, newest first, with their events. */
export function fetchLinkIssues(itemId: string, signal?: AbortSignal) {
  return apiClient.call(endpoints.issues, { params: { id: itemId }, signal });
}

/** Checks the live link now; a second call within a minute answers 429. */
export function checkLinkNow(itemId: string) {
  return apiClient.call(endpoints.checkNow, { params: { id: itemId } });
}

/** Asks for a restore or a refund of an open issue; 409 when it is not allowed now. */
export function requestRemedy(itemId: string, issueId: string, kind: LinkRemedyKind) {
  return apiClient.call(endpoints.remedy, { params: { id: itemId, issueId }, body: { kind } });
}
