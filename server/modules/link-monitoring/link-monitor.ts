// The schedule of link checks (decisions 140, 143): which live links are due, who checks them,
// and what a check's result changes.
//
// - A worker leases due monitor rows (FOR UPDATE SKIP LOCKED, then `leased_until`), so several
//   API processes share the work and a crashed worker's rows come back when the lease runs out.
// - Before each check it claims the link's host in `link_check_hosts` with one statement; a host
//   held by another worker defers the link a little. So a site never gets two requests at once.
// - At most `concurrency` checks run at once in a process. A check runs outside any transaction
//   (it may take 10 s); storing its result is one short transaction, which counts the strikes,
//   opens or closes the link issue, queues the buyer's mail and sets the next check.
// Locks are taken in the order item → order → monitor → issue everywhere (life cycle, hook,
// refund, result), so these transactions cannot deadlock each other.
import { randomUUID } from 'node:crypto';

import {
  FAILED_CHECKS_FOR_ISSUE,
  LINK_CHECK_OUTCOME_TITLES,
  REFUND_AFTER_DAYS,
} from '#contract/link-monitoring.ts';
import { roleCan } from '#contract/permissions.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { membersToNotify } from '#server/db/notification-recipients.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';
import { linkIssueMail } from '#server/mail/messages.ts';

import { recordLinkIssueOpened } from '../conversations/conversations.service.ts';
import type { ItemStatusChange } from '../order-items/order-items.service.ts';
import type { LinkChecker, LinkCheckInput, LinkCheckResult } from './link-check-types.ts';
import { mailDate } from './link-issue-view.ts';
import {
  type CheckRow,
  claimDueMonitors,
  claimHost,
  claimMonitor,
  findCheckInputs,
  findItemsToMonitor,
  findItemWithBuyer,
  findUnmonitoredLiveItems,
  insertCheck,
  insertIssue,
  insertIssueEvents,
  insertMonitors,
  lockMonitor,
  lockOpenIssue,
  releaseHost,
  releaseMonitors,
  setDemoLinkState,
  updateIssue,
  updateMonitor,
} from './link-monitoring.repository.ts';
import {
  addMonths,
  firstCheckAt,
  type MonitorPace,
  nextRegularCheckAt,
  recheckAt,
} from './link-schedule.ts';

/** A worker's hold on the rows it claimed: long enough for a batch of checks one after another. */
const ITEM_LEASE_MS = 10 * 60_000;
/** A worker's hold on a host: the check's own 10 s limit and a margin. */
const HOST_LEASE_MS = 30_000;
/** A link whose host another worker is checking waits this long. */
const HOST_BUSY_DEFER_MS = 30_000;
/** How long a "check now" waits for a host another worker is checking. */
const CHECK_NOW_HOST_WAIT_MS = 15_000;
/** Live items without a monitor row picked up per run. */
const ADOPT_BATCH = 500;
/** A run claims batches until nothing is due or this much time went by. */
const RUN_BUDGET_MS = 50_000;
/** Kept in the stored check: a final URL or a reason longer than this is cut. */
const MAX_STORED_TEXT = 2000;

export interface LinkMonitor {
  /** The worker's name in leases. */
  readonly owner: string;
  /** One pass: picks up live items not monitored yet, then checks every due link; answers how
   * many checks were stored. An aborted `signal` ends it before its next batch, with its reason. */
  runDue(signal?: AbortSignal): Promise<number>;
  /** Checks one item at once (a buyer's "check now"); 429 while it or its host is being checked. */
  checkNow(itemId: string, requestedBy: string): Promise<CheckRow>;
  /** Starts monitoring live items that have no monitor row yet (checked within the hour). */
  startMonitoring(itemIds: string[]): Promise<void>;
  /** The life cycle's hook (decision 143): in the transaction of items that went live or left. */
  itemsChanged(tx: Database, changes: readonly ItemStatusChange[]): Promise<void>;
}

export interface LinkMonitorOptions {
  db: Database;
  now: Clock;
  checker: LinkChecker;
  pace: MonitorPace;
  /** Checks running at once in this process (LINK_CHECK_CONCURRENCY). */
  concurrency: number;
  /** LINK_GUARANTEE_MONTHS from the first publication. */
  guaranteeMonths: number;
  mail: MailQueue;
  /** Origin of the web app, for the link in the buyer's mail. */
  publicUrl: string;
  /** The worker's name in leases; a new one for each monitor when not given. */
  owner?: string;
  /** A demo: republishing an article also repairs its demo page (decision 145). */
  repairsDemoPages?: boolean;
  log?: (message: string, error?: unknown) => void;
}

/**
 * What the monitor's functions work with: the options with their defaults filled in, and the
 * link to the buyer's link issues (for the mail) in place of the app's origin.
 */
export type MonitorDeps = Required<Omit<LinkMonitorOptions, 'publicUrl'>> & {
  /** The web app's list of the buyer's link issues, for the mail. */
  issuesLink: string;
};

export function monitorDeps({ publicUrl, ...options }: LinkMonitorOptions): MonitorDeps {
  return {
    ...options,
    owner: options.owner ?? `monitor-${randomUUID()}`,
    issuesLink: `${publicUrl.replace(/\/$/, '')}/link-monitoring?filter%5Bhealth%5D%5B%5D=issue`,
    repairsDemoPages: options.repairsDemoPages ?? false,
    log: options.log ?? (() => {}),
  };
}

export function createLinkMonitor(options: LinkMonitorOptions): LinkMonitor {
  const deps = monitorDeps(options);
  return {
    owner: deps.owner,
    runDue: (signal) => runDue(deps, signal),
    checkNow: (itemId, requestedBy) => checkNow(deps, itemId, requestedBy),
    startMonitoring: (itemIds) =>
      deps.db.transaction((tx) => startMonitoring(deps, tx, itemIds, deps.now())),
    itemsChanged: (tx, changes) => itemsChanged(deps, tx, changes),
  };
}

/** `ms` from now on the monitor's clock. */
function later({ now }: Pick<MonitorDeps, 'now'>, ms: number): Date {
  return new Date(now().getTime() + ms);
}

/** Starts (or resumes) monitoring of items that went live at `at`. */
export async function startMonitoring(
  deps: MonitorDeps,
  tx: Database,
  ids: string[],
  at: Date,
): Promise<void> {
  for (const item of await findItemsToMonitor(tx, ids)) {
    const monitor = await lockMonitor(tx, item.id);
    const nextCheckAt = firstCheckAt(item.id, at, deps.pace);
    if (!monitor) {
      await insertMonitors(tx, [
        {
          itemId: item.id,
          expectedRel: item.expectedRel,
          guaranteeEndsAt: addMonths(item.publishedAt ?? at, deps.guaranteeMonths),
          nextCheckAt,
          startedAt: at,
        },
      ]);
      continue;
    }
    if (deps.repairsDemoPages) {
      await setDemoLinkState(tx, { itemId: item.id, state: 'intact', at });
    }
    if (monitor.endedAt) continue;
    await updateMonitor(tx, item.id, { isActive: true, nextCheckAt });
    await notePublisherUpdating(
      tx,
      item.id,
      at,
      'The article was published again; the link is checked again shortly.',
    );
  }
}

/** Pauses monitoring of items whose publisher is updating the article. */
export async function pauseMonitoring(tx: Database, ids: string[], at: Date): Promise<void> {
  for (const id of ids) {
    const monitor = await lockMonitor(tx, id);
    if (!monitor) continue;
    await updateMonitor(tx, id, { isActive: false });
    await notePublisherUpdating(tx, id, at, 'The publisher is updating the article.');
  }
}

/** Adds a "publisher updating" event to the item's open link issue, if it has one. */
async function notePublisherUpdating(
  tx: Database,
  itemId: string,
  at: Date,
  detail: string,
): Promise<void> {
  const issue = await lockOpenIssue(tx, itemId);
  if (!issue) return;
  await insertIssueEvents(tx, [{ issueId: issue.id, at, kind: 'publisher_updating', detail }]);
}

/** The life cycle's hook (decision 143): in the transaction of items that went live or left. */
export async function itemsChanged(
  deps: MonitorDeps,
  tx: Database,
  changes: readonly ItemStatusChange[],
): Promise<void> {
  const wentLive = changes.filter((c) => c.to === 'live_link' && c.from !== 'live_link');
  const left = changes.filter((c) => c.from === 'live_link' && c.to !== 'live_link');
  const at = changes[0]?.at;
  if (!at) return;
  if (wentLive.length > 0) {
    await startMonitoring(
      deps,
      tx,
      wentLive.map((c) => c.itemId),
      at,
    );
  }
  if (left.length > 0) {
    await pauseMonitoring(
      tx,
      left.map((c) => c.itemId),
      at,
    );
  }
}

/** Live items published before monitoring began (or by the seed) get their monitor row. */
export async function adoptLiveItems(deps: MonitorDeps): Promise<number> {
  const { db, now, pace, guaranteeMonths } = deps;
  const at = now();
  const items = await findUnmonitoredLiveItems(db, ADOPT_BATCH);
  await insertMonitors(
    db,
    items.map((item) => ({
      itemId: item.id,
      expectedRel: item.expectedRel,
      guaranteeEndsAt: addMonths(item.publishedAt ?? at, guaranteeMonths),
      nextCheckAt: firstCheckAt(item.id, at, pace),
      startedAt: at,
    })),
  );
  return items.length;
}

/**
 * One pass: picks up live items not monitored yet, then checks every due link. Stops before a
 * batch once `signal` is aborted (the process stops): the items it has not claimed stay due.
 */
export async function runDue(deps: MonitorDeps, signal?: AbortSignal): Promise<number> {
  const { db, now, concurrency, owner, log } = deps;
  const started = performance.now();
  try {
    await adoptLiveItems(deps);
  } catch (error) {
    log('Picking up live links failed', error);
  }
  let stored = 0;
  while (performance.now() - started < RUN_BUDGET_MS) {
    signal?.throwIfAborted();
    const at = now();
    const claimed = await claimDueMonitors(db, {
      at,
      until: later(deps, ITEM_LEASE_MS),
      owner,
      limit: concurrency * 4,
    });
    if (claimed.length === 0) break;
    stored += await checkBatch(deps, claimed);
  }
  return stored;
}

type Input = Awaited<ReturnType<typeof findCheckInputs>>[number];

/** Checks one claimed batch with at most `concurrency` hosts at a time. */
export async function checkBatch(deps: MonitorDeps, itemIds: string[]): Promise<number> {
  const { db, concurrency } = deps;
  const inputs = await findCheckInputs(db, itemIds);
  const byHost = new Map<string, Input[]>();
  let stored = 0;
  for (const input of inputs) {
    if (input.status !== 'live_link') {
      // Left live outside the life cycle's hook: nothing to check until it is live again.
      await updateMonitor(db, input.itemId, {
        isActive: false,
        leasedUntil: null,
        leaseOwner: null,
      });
      continue;
    }
    const hostname = hostOf(input);
    if (hostname === null) {
      const reason = 'The live link is not an http or https address.';
      if (await storeSafely(deps, input.itemId, failure(reason, 0), null)) stored += 1;
      continue;
    }
    byHost.set(hostname, [...(byHost.get(hostname) ?? []), input]);
  }
  const groups = [...byHost.entries()];
  const workers = Array.from({ length: Math.min(concurrency, groups.length) }, async () => {
    for (let next = groups.shift(); next; next = groups.shift()) {
      stored += await checkHostGroup(deps, next[0], next[1]);
    }
  });
  await Promise.all(workers);
  return stored;
}

/** Checks the leased items of one host one after the other, each under the host's lease. */
export async function checkHostGroup(
  deps: MonitorDeps,
  hostname: string,
  group: Input[],
): Promise<number> {
  const { db, now, owner } = deps;
  let stored = 0;
  for (const [index, input] of group.entries()) {
    const at = now();
    if (!(await claimHost(db, { hostname, at, until: later(deps, HOST_LEASE_MS), owner }))) {
      await releaseMonitors(db, {
        itemIds: group.slice(index).map((rest) => rest.itemId),
        owner,
        deferTo: later(deps, HOST_BUSY_DEFER_MS),
      });
      return stored;
    }
    let result: LinkCheckResult;
    try {
      result = await runCheck(deps, checkInputOf(input));
    } finally {
      await releaseHost(db, { hostname, owner, at: now() });
    }
    if (await storeSafely(deps, input.itemId, result, null)) stored += 1;
  }
  return stored;
}

/** Checks one item at once (a buyer's "check now"); 429 while it or its host is being checked. */
export async function checkNow(
  deps: MonitorDeps,
  itemId: string,
  requestedBy: string,
): Promise<CheckRow> {
  const { db, now, owner } = deps;
  const at = now();
  if (!(await claimMonitor(db, { itemId, at, until: later(deps, ITEM_LEASE_MS), owner }))) {
    throw new ApiError(
      429,
      'This link is being checked right now; its result appears in a moment.',
      { headers: { 'retry-after': '10' }, limit: 'link_check_busy' },
    );
  }
  try {
    const [input] = await findCheckInputs(db, [itemId]);
    if (!input) throw new Error(`No monitor for item ${itemId}`);
    const hostname = hostOf(input);
    const result =
      hostname === null
        ? failure('The live link is not an http or https address.', 0)
        : await checkOnHostNow(deps, hostname, input);
    const check = await storeCheck(deps, itemId, result, requestedBy);
    if (!check) throw new Error(`The lease of item ${itemId} was lost during its check`);
    return check;
  } finally {
    // Nothing to give back once the result is stored (storing releases the lease).
    await releaseMonitors(db, { itemIds: [itemId], owner });
  }
}

/** Waits a little for the host (429 past that), then checks the link under the host's lease. */
async function checkOnHostNow(
  deps: MonitorDeps,
  hostname: string,
  input: Input,
): Promise<LinkCheckResult> {
  const { db, now, owner } = deps;
  const deadline = performance.now() + CHECK_NOW_HOST_WAIT_MS;
  while (
    !(await claimHost(db, { hostname, at: now(), until: later(deps, HOST_LEASE_MS), owner }))
  ) {
    if (performance.now() > deadline) {
      throw new ApiError(
        429,
        `Another link on ${hostname} is being checked; try again in a few seconds.`,
        { headers: { 'retry-after': '10' }, limit: 'link_check_host_busy' },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return await runCheck(deps, checkInputOf(input));
  } finally {
    await releaseHost(db, { hostname, owner, at: now() });
  }
}

/** The checker's answer; a checker that throws (it should not) counts as an unreachable page. */
export async function runCheck(
  { checker, log }: Pick<MonitorDeps, 'checker' | 'log'>,
  input: LinkCheckInput,
): Promise<LinkCheckResult> {
  const started = performance.now();
  try {
    return await checker.check(input);
  } catch (error) {
    log(`Checking ${input.liveUrl} failed`, error);
    return failure(
      `The check failed: ${error instanceof Error ? error.message : String(error)}`,
      performance.now() - started,
    );
  }
}

/** The checked item's host, or null for a live link that is not an http(s) URL. */
export function hostOf(input: Pick<Input, 'liveLink'>): string | null {
  if (!input.liveLink) return null;
  try {
    const url = new URL(input.liveLink);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? url.hostname.toLowerCase()
      : null;
  } catch {
    return null;
  }
}

function checkInputOf(input: Input): LinkCheckInput {
  return {
    liveUrl: input.liveLink ?? '',
    targetUrl: input.targetUrl,
    anchorText: input.anchorText,
    expectedRel: input.expectedRel,
  };
}

/** Stores a check; false (and logged) when it could not be, as the next run checks it again. */
async function storeSafely(
  deps: MonitorDeps,
  itemId: string,
  result: LinkCheckResult,
  by: string | null,
): Promise<boolean> {
  try {
    return (await storeCheck(deps, itemId, result, by)) !== null;
  } catch (error) {
    // The lease runs out and the link is checked again by the next run.
    deps.log(`Storing the check of item ${itemId} failed`, error);
    return false;
  }
}

/**
 * Stores a check of a leased item and what follows from it; null when the lease was lost (the
 * row was taken over after it ran out), so the result of a late worker is dropped.
 */
export function storeCheck(
  deps: MonitorDeps,
  itemId: string,
  result: LinkCheckResult,
  requestedBy: string | null,
): Promise<CheckRow | null> {
  const { db, now, owner, pace } = deps;
  return db.transaction(async (tx) => {
    const monitor = await lockMonitor(tx, itemId);
    if (!monitor || monitor.leaseOwner !== owner) return null;
    const at = now();
    const check = await insertCheck(tx, {
      itemId,
      checkedAt: at,
      outcome: result.outcome,
      httpStatus: result.httpStatus,
      finalUrl: clip(result.finalUrl),
      found: result.found,
      detail: clip(result.detail),
      isDisallowedByRobots: result.isDisallowedByRobots,
      durationMs: Math.max(0, Math.round(result.durationMs)),
      requestedBy,
    });
    const released = { leasedUntil: null, leaseOwner: null, lastCheckId: check.id };
    if (!monitor.isActive) {
      // The publisher started updating the article meanwhile: the check is kept, nothing more.
      await updateMonitor(tx, itemId, released);
      return check;
    }
    const isOk = result.outcome === 'ok';
    const streak = isOk ? 0 : monitor.failureStreak + 1;
    const hasOpenIssue = await settleIssue(deps, tx, {
      itemId,
      result,
      streak,
      guaranteeEndsAt: monitor.guaranteeEndsAt,
      at,
    });
    await updateMonitor(tx, itemId, {
      ...released,
      failureStreak: streak,
      // A failure is checked again soon; once an issue tells the buyer, the usual pace does.
      nextCheckAt:
        isOk || hasOpenIssue ? nextRegularCheckAt(itemId, at, pace) : recheckAt(at, pace),
    });
    return check;
  });
}

/**
 * What a stored check does to the item's link issue: an ok check closes the open one as restored;
 * the failure that makes the streak reach FAILED_CHECKS_FOR_ISSUE opens one and tells the buyer.
 * Answers whether an issue is open afterwards.
 */
export async function settleIssue(
  deps: MonitorDeps,
  tx: Database,
  check: {
    itemId: string;
    result: LinkCheckResult;
    streak: number;
    guaranteeEndsAt: Date | null;
    at: Date;
  },
): Promise<boolean> {
  const { itemId, result, streak, at } = check;
  const isOk = result.outcome === 'ok';
  const open = await lockOpenIssue(tx, itemId);
  if (open && isOk) {
    await updateIssue(tx, open.id, { closedAt: at, resolution: 'restored' });
    await insertIssueEvents(tx, [
      { issueId: open.id, at, kind: 'link_restored', detail: 'The link checked ok again.' },
      { issueId: open.id, at, kind: 'closed', detail: 'Restored.' },
    ]);
  }
  if (open || isOk || streak < FAILED_CHECKS_FOR_ISSUE) return open !== null && !isOk;
  const issue = await insertIssue(tx, { itemId, openedAt: at, outcome: result.outcome });
  const title = LINK_CHECK_OUTCOME_TITLES[result.outcome];
  const detail = `${title}${result.detail ? `: ${sentence(clip(result.detail, 300))}` : ''} (${streak} failed checks in a row).`;
  await insertIssueEvents(tx, [{ issueId: issue.id, at, kind: 'opened', detail }]);
  // The item's conversation reads as its history (decision 213).
  await recordLinkIssueOpened(tx, { itemId, detail, at });
  await notifyBuyer(deps, tx, {
    issueId: issue.id,
    itemId,
    result,
    guaranteeEndsAt: check.guaranteeEndsAt,
    at,
  });
  return true;
}

/**
 * Tells the company of a new issue: always in the portal; by mail the members who see links and
 * want these mails, the one who placed the order and those following all of the company's orders
 * (decision 208).
 */
export async function notifyBuyer(
  { mail, issuesLink }: Pick<MonitorDeps, 'mail' | 'issuesLink'>,
  tx: Database,
  issue: {
    issueId: string;
    itemId: string;
    result: LinkCheckResult;
    guaranteeEndsAt: Date | null;
    at: Date;
  },
): Promise<void> {
  const { issueId, itemId, result, guaranteeEndsAt, at } = issue;
  const item = await findItemWithBuyer(tx, itemId);
  const members = item
    ? await membersToNotify(tx, {
        companyId: item.companyId,
        permission: 'links.read',
        preference: 'link_issues',
        placedByUserId: item.userId,
      })
    : [];
  for (const member of members) {
    if (!item) break;
    await mail.send(
      linkIssueMail(
        member.email,
        {
          number: item.number,
          siteHostname: item.siteHostname,
          targetUrl: item.targetUrl,
          liveLink: item.liveLink ?? '',
        },
        { title: LINK_CHECK_OUTCOME_TITLES[result.outcome], detail: result.detail },
        {
          endsOn: guaranteeEndsAt ? mailDate(guaranteeEndsAt) : 'unknown',
          isWithin: guaranteeEndsAt !== null && at.getTime() <= guaranteeEndsAt.getTime(),
          refundAfterDays: REFUND_AFTER_DAYS,
          canAsk: roleCan(member.role, 'links.act'),
        },
        issuesLink,
      ),
      tx,
    );
  }
  const isMailed = members.length > 0;
  if (isMailed) await updateIssue(tx, issueId, { notifiedAt: at });
  await insertIssueEvents(tx, [
    {
      issueId,
      at,
      kind: 'buyer_notified',
      detail: isMailed
        ? 'By e-mail and in the portal.'
        : 'In the portal (e-mails about link issues are turned off).',
    },
  ]);
}

function failure(detail: string, durationMs: number): LinkCheckResult {
  return {
    outcome: 'page_unreachable',
    httpStatus: null,
    finalUrl: null,
    found: null,
    detail,
    isDisallowedByRobots: false,
    durationMs: Math.round(durationMs),
  };
}

/** A reason without its closing full stop, to go inside a sentence. */
function sentence(text: string | null): string {
  if (!text) return '';
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

function clip(text: string | null, length = MAX_STORED_TEXT): string | null {
  if (text === null) return null;
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
