import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';

import { isLinkHealthSettling } from '#contract/link-monitoring.ts';
import { hasMorePages } from '#contract/pagination.ts';
import { encodeQuery } from '#contract/query-string.ts';

import { fetchLinkChecks, fetchLinkIssues, fetchMonitoredLinks } from './requests.ts';

/** Checks shown at once in an item's history; "Show more" loads as many again. */
export const CHECKS_PAGE_SIZE = 10;

/**
 * Links change on the server's schedule, not the buyer's: a check runs, an issue opens, the
 * publisher restores. A screen that shows them asks again while it is open and visible (never in a
 * background tab, never offline): the overview (the menu's count) every minute, lists every minute
 * or every 20 s while one of their links is still settling, an open item dialog every 10 s.
 */
export const LINK_REFRESH_MS = {
  overview: 60_000,
  settled: 60_000,
  settling: 20_000,
  item: 10_000,
};

/**
 * The buyer's monitored links, the overview the navigation and dashboard show, and each item's
 * checks and issues. All are kept in the persisted query cache, so what was seen is readable
 * offline after a reload.
 */
export const linkMonitoringQueries = {
  all: () => ['buyer', 'link-monitoring'] as const,
  list: (serverQuery: string) =>
    queryOptions({
      queryKey: [...linkMonitoringQueries.all(), 'list', serverQuery] as const,
      queryFn: ({ signal }) => fetchMonitoredLinks(serverQuery, signal),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.data.some((link) => isLinkHealthSettling(link.health))
          ? LINK_REFRESH_MS.settling
          : LINK_REFRESH_MS.settled,
    }),
  /** The summary of every live link: one row is asked for, only the summary is read. */
  overview: () =>
    queryOptions({
      queryKey: [...linkMonitoringQueries.all(), 'overview'] as const,
      queryFn: ({ signal }) => fetchMonitoredLinks(encodeQuery({ limit: 1 }), signal),
      select: (list) => list.summary,
      refetchInterval: LINK_REFRESH_MS.overview,
    }),
  /** Everything kept about one item's link: its checks and its issues. */
  item: (itemId: string) => [...linkMonitoringQueries.all(), 'item', itemId] as const,
  checks: (itemId: string) =>
    infiniteQueryOptions({
      queryKey: [...linkMonitoringQueries.item(itemId), 'checks'] as const,
      queryFn: ({ pageParam, signal }) =>
        fetchLinkChecks(itemId, { page: pageParam, limit: CHECKS_PAGE_SIZE }, signal),
      initialPageParam: 1,
      getNextPageParam: (last) =>
        hasMorePages(last.pagination) ? last.pagination.page + 1 : undefined,
      refetchInterval: LINK_REFRESH_MS.item,
    }),
  issues: (itemId: string) =>
    queryOptions({
      queryKey: [...linkMonitoringQueries.item(itemId), 'issues'] as const,
      queryFn: ({ signal }) => fetchLinkIssues(itemId, signal),
      refetchInterval: LINK_REFRESH_MS.item,
    }),
};
