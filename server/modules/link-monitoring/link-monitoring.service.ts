// Monitoring of live links as the buyer uses it (decisions 140, 144): the list of their monitored
// links with its summary, an item's checks and issues, "check now", and the remedies under the
// guarantee (a restore through the life cycle, a refund as a credit note). Another buyer's item
// answers like a missing one. The schedule itself is link-monitor.ts; this is also what other
// parts of the app use of the module (exported below).
import {
  CHECK_NOW_INTERVAL_SECONDS,
  CHECK_NOW_PER_HOUR,
  LINK_HEALTH_STATUSES,
  LINK_ISSUE_NOT_FOUND_MESSAGE,
  type LinkCheck,
  type LinkHealthStatus,
  type LinkIssue,
  type LinkMonitoringSummary,
  type LinkRemedyKind,
  type MonitoredLink,
  type MonitoredLinkListQuery,
  REFUND_AFTER_DAYS,
} from '#contract/link-monitoring.ts';
import { moneyToCents } from '#contract/money.ts';
import { ORDER_ITEM_NOT_FOUND_MESSAGE } from '#contract/order-items.ts';
import type { Pagination } from '#contract/pagination.ts';
import type { Permission } from '#contract/permissions.ts';
import { vatCents } from '#contract/vat.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { companiesWhereUserCan } from '#server/db/memberships.ts';
import { ApiError, notFound, tooManyRequests } from '#server/http/api-error.ts';
import { type Caller, priceSight } from '#server/http/member-access.ts';

import { creditedCents, creditOrder } from '../billing/billing.service.ts';
import type { DocumentWriter } from '../files/files.service.ts';
import type { LifeCycleService } from '../order-items/order-items.service.ts';
import { issueRights, mailDate, toLinkCheck, toLinkIssue } from './link-issue-view.ts';
import type { LinkMonitor } from './link-monitor.ts';
import {
  claimCheckNow,
  countChecksAskedBy,
  countChecksOfItem,
  countMonitoredLinksByHealth,
  findChecksOfItem,
  findEventsOfIssues,
  findIssues,
  findItemWithMonitor,
  findMonitoredLinks,
  insertIssueEvents,
  type IssueRow,
  issuesOfItem,
  issuesWithIds,
  lockIssue,
  lockItem,
  lockMonitor,
  lockOrder,
  type MonitoredLinkRow,
  updateIssue,
  updateMonitor,
} from './link-monitoring.repository.ts';
import { addMonths } from './link-schedule.ts';

export { createDemoLinks, type DemoLinks, registerDemoArticlePages } from './demo-pages.ts';
export type { LinkChecker, LinkCheckResult } from './link-check-types.ts';
export { createLinkChecker } from './link-checker.ts';
export { createLinkMonitorJob, LINK_MONITOR_JOB, linkMonitorSchedule } from './link-monitor.job.ts';
export { createLinkMonitor, type LinkMonitor } from './link-monitor.ts';
export { monitorPace } from './link-schedule.ts';

/** "Check now" calls a buyer may make per hour, over all their links. */
export { CHECK_NOW_PER_HOUR };

const HOUR_MS = 60 * 60 * 1000;

export interface LinkMonitoringService {
  list(
    caller: Caller,
    query: MonitoredLinkListQuery,
  ): Promise<{ data: MonitoredLink[]; pagination: Pagination; summary: LinkMonitoringSummary }>;
  checks(
    caller: Caller,
    itemId: string,
    page: { page: number; limit: number },
  ): Promise<{ data: LinkCheck[]; pagination: Pagination }>;
  issues(caller: Caller, itemId: string): Promise<{ data: LinkIssue[] }>;
  checkNow(caller: Caller, itemId: string): Promise<LinkCheck>;
  remedy(caller: Caller, itemId: string, issueId: string, kind: LinkRemedyKind): Promise<LinkIssue>;
}

/** What the service's functions work with. */
export interface LinkMonitoringDeps {
  db: Database;
  now: Clock;
  monitor: LinkMonitor;
  lifeCycle: LifeCycleService;
  /** Writes the refund's credit note PDF in its transaction (decision 043). */
  documents?: DocumentWriter;
  guaranteeMonths: number;
  /** LINK_MONITORING; when off, nothing is checked and "check now" is refused. */
  isEnabled?: boolean;
}

export function createLinkMonitoringService(deps: LinkMonitoringDeps): LinkMonitoringService {
  return {
    list: (caller, query) => listLinks(deps, caller, query),
    checks: (caller, itemId, page) => listChecks(deps, caller, itemId, page),
    issues: (caller, itemId) => listIssues(deps, caller, itemId),
    checkNow: (caller, itemId) => checkNow(deps, caller, itemId),
    remedy: (caller, itemId, issueId, kind) => remedy(deps, caller, itemId, issueId, kind),
  };
}

/**
 * The monitored links of the companies where the caller's role reads links, a page of them with
 * the summary of the filter.
 */
export async function listLinks(
  { db, now, guaranteeMonths }: LinkMonitoringDeps,
  caller: Caller,
  { page, limit, filter }: MonitoredLinkListQuery,
): ReturnType<LinkMonitoringService['list']> {
  const base = {
    companyIds: companiesWhereUserCan(db, caller.userId, 'links.read'),
    buyerDomains: filter?.buyer_domain?.map((hostname) => hostname.toLowerCase()),
    orderNumber: filter?.order || undefined,
  };
  const health = filter?.health ?? [];
  const counts = await countMonitoredLinksByHealth(db, base);
  const perHealth = Object.fromEntries(
    LINK_HEALTH_STATUSES.map((status) => [status, counts.get(status) ?? 0]),
  ) as Record<LinkHealthStatus, number>;
  const total = LINK_HEALTH_STATUSES.reduce((sum, status) => sum + perHealth[status], 0);
  const checked = total - perHealth.pending;
  const rows = await findMonitoredLinks(
    db,
    { ...base, health },
    { limit, offset: (page - 1) * limit },
  );
  const openIssueIds = rows.flatMap((row) => (row.openIssueId ? [row.openIssueId] : []));
  const at = now();
  const byRow = new Map(rows.map((row) => [row.item.id, row]));
  const sight = await priceSight(
    caller,
    rows.map((row) => row.order.companyId),
  );
  const issues = await issueViews(
    db,
    openIssueIds.length > 0 ? await findIssues(db, issuesWithIds(openIssueIds)) : [],
    (issue) => ({
      guaranteeEndsAt: byRow.get(issue.itemId)?.monitor?.guaranteeEndsAt ?? null,
      itemStatus: byRow.get(issue.itemId)?.item.status ?? 'live_link',
      now: at,
      seesPrices: sight.has(byRow.get(issue.itemId)?.order.companyId ?? ''),
    }),
  );
  const issueById = new Map(issues.map((issue) => [issue.id, issue]));
  return {
    data: rows.map((row) =>
      toMonitoredLink(
        row,
        row.openIssueId ? (issueById.get(row.openIssueId) ?? null) : null,
        guaranteeMonths,
      ),
    ),
    pagination: {
      page,
      limit,
      total:
        health.length > 0
          ? [...new Set(health)].reduce((sum, status) => sum + perHealth[status], 0)
          : total,
    },
    summary: {
      total,
      per_health: perHealth,
      // Rounded down, so that one failing link in a thousand never reads as 100 %.
      healthy_percent: checked > 0 ? Math.floor((perHealth.healthy * 100) / checked) : null,
      issues_open: perHealth.issue,
    },
  };
}

/** A page of the checks of one of the buyer's items, newest first. */
export async function listChecks(
  { db }: LinkMonitoringDeps,
  caller: Caller,
  itemId: string,
  { page, limit }: { page: number; limit: number },
): ReturnType<LinkMonitoringService['checks']> {
  await ownItem(db, caller, itemId, 'links.read');
  const [rows, total] = await Promise.all([
    findChecksOfItem(db, itemId, { limit, offset: (page - 1) * limit }),
    countChecksOfItem(db, itemId),
  ]);
  return { data: rows.map(toLinkCheck), pagination: { page, limit, total } };
}

/** The link issues of one of the buyer's items, with their events and what may be asked. */
export async function listIssues(
  { db, now }: LinkMonitoringDeps,
  caller: Caller,
  itemId: string,
): ReturnType<LinkMonitoringService['issues']> {
  const { item, monitor, companyId } = await ownItem(db, caller, itemId, 'links.read');
  const at = now();
  const seesPrices = await caller.seesPricesIn(companyId);
  return {
    data: await issueViews(db, await findIssues(db, issuesOfItem(itemId)), () => ({
      guaranteeEndsAt: monitor?.guaranteeEndsAt ?? null,
      itemStatus: item.status,
      now: at,
      seesPrices,
    })),
  };
}

/** A buyer's "check now": refused (409) unless the item is a live link, and rate limited (429). */
export async function checkNow(
  { db, now, monitor, isEnabled = true }: LinkMonitoringDeps,
  caller: Caller,
  itemId: string,
): Promise<LinkCheck> {
  const { item, monitor: row } = await ownItem(db, caller, itemId, 'links.act');
  if (!isEnabled) throw new ApiError(409, 'Link monitoring is turned off.');
  if (row?.endedAt) {
    throw new ApiError(
      409,
      `The link of item ${item.number} was refunded; it is no longer checked.`,
    );
  }
  if (item.status === 'update_link_article') {
    throw new ApiError(
      409,
      `The publisher of item ${item.number} is updating the article; its link is checked again once it is published.`,
    );
  }
  if (item.status !== 'live_link' || !item.liveLink) {
    throw new ApiError(409, `Item ${item.number} is ${item.status}; only live links are checked.`);
  }
  if (!row) await monitor.startMonitoring([itemId]);
  const at = now();
  const asked = await countChecksAskedBy(db, caller.userId, new Date(at.getTime() - HOUR_MS));
  if (asked >= CHECK_NOW_PER_HOUR) {
    throw tooManyRequests(
      60 * 60,
      `You asked for ${CHECK_NOW_PER_HOUR} checks in the last hour; scheduled checks go on meanwhile. Try again later.`,
      'link_check_now_per_hour',
    );
  }
  const since = new Date(at.getTime() - CHECK_NOW_INTERVAL_SECONDS * 1000);
  if (!(await claimCheckNow(db, { itemId, at, since }))) {
    const waited = row?.checkNowAt ? at.getTime() - row.checkNowAt.getTime() : 0;
    const seconds = Math.max(1, CHECK_NOW_INTERVAL_SECONDS - Math.floor(waited / 1000));
    throw tooManyRequests(
      seconds,
      `This link was checked at your request less than a minute ago; try again in ${seconds} s.`,
      'link_check_now_interval',
    );
  }
  return toLinkCheck(await monitor.checkNow(itemId, caller.userId));
}

/** Asks for a restore or a refund of an open issue; answers the issue as it is now. */
export async function remedy(
  deps: LinkMonitoringDeps,
  caller: Caller,
  itemId: string,
  issueId: string,
  kind: LinkRemedyKind,
): Promise<LinkIssue> {
  const { db, now } = deps;
  if (kind === 'restore') await restore(deps, caller, itemId, issueId);
  else await refund(deps, caller, itemId, issueId);
  const { item, monitor, companyId } = await ownItem(db, caller, itemId, 'links.act');
  const [row] = await findIssues(db, issuesWithIds([issueId]));
  if (!row) throw notFound(LINK_ISSUE_NOT_FOUND_MESSAGE);
  const seesPrices = await caller.seesPricesIn(companyId);
  const [view] = await issueViews(db, [row], () => ({
    guaranteeEndsAt: monitor?.guaranteeEndsAt ?? null,
    itemStatus: item.status,
    now: now(),
    seesPrices,
  }));
  if (!view) throw notFound(LINK_ISSUE_NOT_FOUND_MESSAGE);
  return view;
}

/** The publisher is asked to restore the link: the item's edits are requested (life cycle). */
export async function restore(
  { db, now, lifeCycle }: LinkMonitoringDeps,
  caller: Caller,
  itemId: string,
  issueId: string,
): Promise<void> {
  const { own, issue } = await issueOfItem(db, caller, itemId, issueId);
  refuseRestore(issue, own.monitor?.guaranteeEndsAt ?? null, own.item, now());
  await lifeCycle.apply({
    event: 'request_edits',
    ids: [itemId],
    userId: caller.userId,
    authorize: async (items) => {
      for (const { order } of items) await caller.requireIn(order.companyId, 'links.act');
    },
    input: { isRequestedEdits: true },
    // In the life cycle's transaction, after the item (and its order) are locked.
    prepare: async (tx, [locked]) => {
      const monitor = await lockMonitor(tx, itemId);
      const current = await lockIssue(tx, issueId);
      if (!current || !locked) throw notFound(LINK_ISSUE_NOT_FOUND_MESSAGE);
      const at = now();
      refuseRestore(current, monitor?.guaranteeEndsAt ?? null, locked.item, at);
      await updateIssue(tx, issueId, { restoreRequestedAt: at });
      await insertIssueEvents(tx, [
        {
          issueId,
          at,
          kind: 'restore_requested',
          detail: 'The publisher was asked to restore the link.',
        },
      ]);
      return {};
    },
  });
}

/** A credit note for the item, once; the issue closes and the link is no longer checked. */
export async function refund(
  { db, now, documents }: LinkMonitoringDeps,
  caller: Caller,
  itemId: string,
  issueId: string,
): Promise<void> {
  const { own, issue } = await issueOfItem(db, caller, itemId, issueId);
  refuseRefund(issue, own.monitor?.guaranteeEndsAt ?? null, own.item.status, now());
  await db.transaction(async (tx) => {
    // The life cycle's order of locks: the item, its order, then the monitor and the issue.
    const item = await lockItem(tx, itemId);
    if (!item) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
    const order = await lockOrder(tx, item.orderId);
    const monitor = await lockMonitor(tx, itemId);
    const current = await lockIssue(tx, issueId);
    if (!order || !current || current.itemId !== itemId) {
      throw notFound(LINK_ISSUE_NOT_FOUND_MESSAGE);
    }
    const at = now();
    refuseRefund(current, monitor?.guaranteeEndsAt ?? null, item.status, at);
    if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'approved') {
      throw new ApiError(
        409,
        `Order ${order.number} is ${order.paymentStatus}; there is no payment to refund.`,
      );
    }
    const netCents = moneyToCents(item.price) + moneyToCents(item.contentPrice);
    const remaining = moneyToCents(order.priceWithVat) - (await creditedCents(tx, order.id));
    const cents = Math.min(remaining, netCents + vatCents(netCents, order.vatRateBasisPoints));
    if (cents <= 0) {
      throw new ApiError(409, `Nothing is left to refund of order ${order.number}.`);
    }
    const note = await creditOrder(tx, {
      order,
      cents,
      itemNumbers: [item.number],
      userId: caller.userId,
      at,
      documents,
    });
    await updateIssue(tx, issueId, {
      refundRequestedAt: at,
      creditNoteId: note.id,
      closedAt: at,
      resolution: 'refunded',
    });
    await insertIssueEvents(tx, [
      { issueId, at, kind: 'refund_requested', detail: 'The buyer asked for a refund.' },
      { issueId, at, kind: 'refunded', detail: `Credit note ${note.number}: ${note.amount}.` },
      { issueId, at, kind: 'closed', detail: 'Refunded.' },
    ]);
    // The link stays published; it is no longer guaranteed, so it is no longer checked.
    await updateMonitor(tx, itemId, {
      isActive: false,
      endedAt: at,
      leasedUntil: null,
      leaseOwner: null,
    });
  });
}

/**
 * The item with its monitor once the caller's role holds `permission` in its company; another
 * company's item answers 404 like a missing one, a member without the permission 403.
 */
async function ownItem(db: Database, caller: Caller, itemId: string, permission: Permission) {
  const own = await findItemWithMonitor(db, itemId);
  if (!own) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
  await caller.requireIn(own.companyId, permission).catch((error: unknown) => {
    throw error instanceof ApiError && error.statusCode === 404
      ? notFound(ORDER_ITEM_NOT_FOUND_MESSAGE)
      : error;
  });
  return own;
}

/** The item and one of its issues, to act on; 404 when the issue is not the item's. */
async function issueOfItem(db: Database, caller: Caller, itemId: string, issueId: string) {
  const own = await ownItem(db, caller, itemId, 'links.act');
  const [row] = await findIssues(db, issuesWithIds([issueId]));
  if (!row || row.issue.itemId !== itemId) throw notFound(LINK_ISSUE_NOT_FOUND_MESSAGE);
  return { own, issue: row.issue };
}

/** The issues with their events, as the wire names them. */
async function issueViews(
  db: Database,
  rows: Awaited<ReturnType<typeof findIssues>>,
  context: (issue: IssueRow) => Parameters<typeof toLinkIssue>[2],
): Promise<LinkIssue[]> {
  const events = await findEventsOfIssues(
    db,
    rows.map((row) => row.issue.id),
  );
  return rows.map((row) => toLinkIssue(row, events, context(row.issue)));
}

/** 409 with the reason when a restore cannot be asked for now. */
function refuseRestore(
  issue: IssueRow,
  guaranteeEndsAt: Date | null,
  item: { number: string; status: Parameters<typeof issueRights>[2] },
  at: Date,
): void {
  const rights = issueRights(issue, guaranteeEndsAt, item.status, at);
  if (rights.canRequestRestore) return;
  throw new ApiError(409, closedOrOutside(issue, guaranteeEndsAt, rights) ?? restoreReason());

  function restoreReason(): string {
    if (issue.restoreRequestedAt) {
      return `A restore was already asked for on ${mailDate(issue.restoreRequestedAt)}.`;
    }
    return `The publisher of item ${item.number} is already updating the article.`;
  }
}

/** 409 with the reason when a refund cannot be asked for now. */
function refuseRefund(
  issue: IssueRow,
  guaranteeEndsAt: Date | null,
  status: Parameters<typeof issueRights>[2],
  at: Date,
): void {
  const rights = issueRights(issue, guaranteeEndsAt, status, at);
  if (rights.canRequestRefund) return;
  const availableAt = rights.refundAvailableAt ?? at;
  throw new ApiError(
    409,
    closedOrOutside(issue, guaranteeEndsAt, rights) ??
      `A refund can be asked for from ${mailDate(availableAt)}: ${REFUND_AFTER_DAYS} days after ${
        issue.restoreRequestedAt ? 'the restore was asked for' : 'the issue opened'
      }, if the link is not restored by then.`,
  );
}

function closedOrOutside(
  issue: IssueRow,
  guaranteeEndsAt: Date | null,
  rights: ReturnType<typeof issueRights>,
): string | null {
  if (issue.resolution === 'refunded') return 'This link was already refunded.';
  if (issue.closedAt) return 'This link issue is closed: the link was restored.';
  if (!rights.isWithinGuarantee) {
    return guaranteeEndsAt
      ? `The link's guarantee ended on ${mailDate(guaranteeEndsAt)}, before the issue opened; no remedy can be asked for.`
      : 'The link is not guaranteed; no remedy can be asked for.';
  }
  return null;
}

function toMonitoredLink(
  row: MonitoredLinkRow,
  openIssue: LinkIssue | null,
  guaranteeMonths: number,
): MonitoredLink {
  const { item, order, monitor, lastCheck } = row;
  const guaranteeEndsAt =
    monitor?.guaranteeEndsAt ??
    (item.publishedAt ? addMonths(item.publishedAt, guaranteeMonths) : null);
  return {
    item: { id: item.id, number: item.number },
    order: { id: order.id, number: order.number, company_id: order.companyId },
    site_hostname: item.siteHostname,
    buyer_domain: { id: item.buyerDomainId, hostname: item.buyerDomainHostname },
    live_link: item.liveLink ?? '',
    target_url: item.targetUrl,
    anchor_text: item.anchorText,
    published_at: item.publishedAt?.toISOString() ?? null,
    guarantee_ends_at: guaranteeEndsAt?.toISOString() ?? null,
    health: row.health,
    last_check: lastCheck ? toLinkCheck(lastCheck) : null,
    next_check_at:
      monitor?.itemId && monitor.isActive ? (monitor.nextCheckAt?.toISOString() ?? null) : null,
    open_issue: openIssue,
  };
}
