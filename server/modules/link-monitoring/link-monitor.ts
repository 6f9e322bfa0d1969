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
import { withPreferenceDefaults } from '#contract/profile.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';
import { linkIssueMail } from '#server/mail/messages.ts';
import type { ItemStatusChange } from '../order-items/order-items.service.ts';
import type { LinkChecker, LinkCheckInput, LinkCheckResult } from './link-check-types.ts';
import { mailDate } from './link-issue-view.ts';
import {
  claimDueMonitors,
  claimHost,
  claimMonitor,
  findCheckInputs,
  findItemWithBuyer,
  findItemsToMonitor,
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
  type CheckRow,
} from './link-monitoring.repository.ts';
import {
  addMonths,
  firstCheckAt,
  nextRegularCheckAt,
  recheckAt,
  type MonitorPace,
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
   * many checks were stored. */
  runDue(): Promise<number>;
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
  owner?: string;
  /** A demo: republishing an article also repairs its demo page (decision 145). */
  repairsDemoPages?: boolean;
  log?: (message: string, error?: unknown) => void;
}

export function createLinkMonitor(options: LinkMonitorOptions): LinkMonitor {
  const { db, now, checker, pace, concurrency, guaranteeMonths, mail, publicUrl } = options;
  const owner = options.owner ?? `monitor-${randomUUID()}`;
  const log = options.log ?? (() => {});
  const issuesLink = `${publicUrl.replace(/\/$/, '')}/link-monitoring?filter%5Bhealth%5D%5B%5D=issue`;
  const later = (ms: number) => new Date(now().getTime() + ms);

  /** Starts (or resumes) monitoring of items that went live at `at`. */
  const startMonitoring = async (tx: Database, ids: string[], at: Date) => {
    for (const item of await findItemsToMonitor(tx, ids)) {
      const monitor = await lockMonitor(tx, item.id);
      const nextCheckAt = firstCheckAt(item.id, at, pace);
      if (!monitor) {
        await insertMonitors(tx, [
          {
            itemId: item.id,
            expectedRel: item.expectedRel,
            guaranteeEndsAt: addMonths(item.publishedAt ?? at, guaranteeMonths),
            nextCheckAt,
            startedAt: at,
          },
        ]);
        continue;
      }
      if (options.repairsDemoPages) {
        await setDemoLinkState(tx, { itemId: item.id, state: 'intact', at });
      }
      if (monitor.endedAt) continue;
      await updateMonitor(tx, item.id, { isActive: true, nextCheckAt });
      const issue = await lockOpenIssue(tx, item.id);
      if (issue) {
        await insertIssueEvents(tx, [
          {
            issueId: issue.id,
            at,
            kind: 'publisher_updating',
            detail: 'The article was published again; the link is checked again shortly.',
          },
        ]);
      }
    }
  };

  /** Pauses monitoring of items whose publisher is updating the article. */
  const pauseMonitoring = async (tx: Database, ids: string[], at: Date) => {
    for (const id of ids) {
      const monitor = await lockMonitor(tx, id);
      if (!monitor) continue;
      await updateMonitor(tx, id, { isActive: false });
      const issue = await lockOpenIssue(tx, id);
      if (issue) {
        await insertIssueEvents(tx, [
          {
            issueId: issue.id,
            at,
            kind: 'publisher_updating',
            detail: 'The publisher is updating the article.',
          },
        ]);
      }
    }
  };

  /** Live items published before monitoring began (or by the seed) get their monitor row. */
  const adopt = async (): Promise<number> => {
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
  };

  /** Tells the buyer of a new issue: always in the portal, by mail when they want it. */
  const notifyBuyer = async (
    tx: Database,
    issueId: string,
    itemId: string,
    result: LinkCheckResult,
    guaranteeEndsAt: Date | null,
    at: Date,
  ) => {
    const buyer = await findItemWithBuyer(tx, itemId);
    const wantsMail = buyer !== null && withPreferenceDefaults(buyer.preferences).link_issues;
    if (buyer && wantsMail) {
      await mail.send(
        linkIssueMail(
          buyer.email,
          {
            number: buyer.number,
            siteHostname: buyer.siteHostname,
            targetUrl: buyer.targetUrl,
            liveLink: buyer.liveLink ?? '',
          },
          { title: LINK_CHECK_OUTCOME_TITLES[result.outcome], detail: result.detail },
          {
            endsOn: guaranteeEndsAt ? mailDate(guaranteeEndsAt) : 'unknown',
            isWithin: guaranteeEndsAt !== null && at.getTime() <= guaranteeEndsAt.getTime(),
            refundAfterDays: REFUND_AFTER_DAYS,
          },
          issuesLink,
        ),
        tx,
      );
      await updateIssue(tx, issueId, { notifiedAt: at });
    }
    await insertIssueEvents(tx, [
      {
        issueId,
        at,
        kind: 'buyer_notified',
        detail: wantsMail
          ? 'By e-mail and in the portal.'
          : 'In the portal (e-mails about link issues are turned off).',
      },
    ]);
  };

  /**
   * Stores a check of a leased item and what follows from it; null when the lease was lost (the
   * row was taken over after it ran out), so the result of a late worker is dropped.
   */
  const store = (
    itemId: string,
    result: LinkCheckResult,
    requestedBy: string | null,
  ): Promise<CheckRow | null> =>
    db.transaction(async (tx) => {
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
      const open = await lockOpenIssue(tx, itemId);
      if (open && isOk) {
        await updateIssue(tx, open.id, { closedAt: at, resolution: 'restored' });
        await insertIssueEvents(tx, [
          { issueId: open.id, at, kind: 'link_restored', detail: 'The link checked ok again.' },
          { issueId: open.id, at, kind: 'closed', detail: 'Restored.' },
        ]);
      }
      let hasOpenIssue = open !== null && !isOk;
      if (!open && !isOk && streak >= FAILED_CHECKS_FOR_ISSUE) {
        const issue = await insertIssue(tx, { itemId, openedAt: at, outcome: result.outcome });
        const title = LINK_CHECK_OUTCOME_TITLES[result.outcome];
        await insertIssueEvents(tx, [
          {
            issueId: issue.id,
            at,
            kind: 'opened',
            detail: `${title}${result.detail ? `: ${sentence(clip(result.detail, 300))}` : ''} (${streak} failed checks in a row).`,
          },
        ]);
        await notifyBuyer(tx, issue.id, itemId, result, monitor.guaranteeEndsAt, at);
        hasOpenIssue = true;
      }
      await updateMonitor(tx, itemId, {
        ...released,
        failureStreak: streak,
        // A failure is checked again soon; once an issue tells the buyer, the usual pace does.
        nextCheckAt:
          isOk || hasOpenIssue ? nextRegularCheckAt(itemId, at, pace) : recheckAt(at, pace),
      });
      return check;
    });

  /** The checker's answer; a checker that throws (it should not) counts as an unreachable page. */
  const runCheck = async (input: LinkCheckInput): Promise<LinkCheckResult> => {
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
  };

  type Input = Awaited<ReturnType<typeof findCheckInputs>>[number];

  /** The checked item's host, or null for a live link that is not an http(s) URL. */
  const hostOf = (input: Input): string | null => {
    if (!input.liveLink) return null;
    try {
      const url = new URL(input.liveLink);
      return url.protocol === 'http:' || url.protocol === 'https:'
        ? url.hostname.toLowerCase()
        : null;
    } catch {
      return null;
    }
  };

  const checkInputOf = (input: Input, liveUrl: string): LinkCheckInput => ({
    liveUrl,
    targetUrl: input.targetUrl,
    anchorText: input.anchorText,
    expectedRel: input.expectedRel,
  });

  /** Checks the leased items of one host one after the other, each under the host's lease. */
  const checkHostGroup = async (hostname: string, group: Input[]): Promise<number> => {
    let stored = 0;
    for (const [index, input] of group.entries()) {
      const at = now();
      if (!(await claimHost(db, { hostname, at, until: later(HOST_LEASE_MS), owner }))) {
        await releaseMonitors(db, {
          itemIds: group.slice(index).map((rest) => rest.itemId),
          owner,
          deferTo: later(HOST_BUSY_DEFER_MS),
        });
        return stored;
      }
      let result: LinkCheckResult;
      try {
        result = await runCheck(checkInputOf(input, input.liveLink ?? ''));
      } finally {
        await releaseHost(db, { hostname, owner, at: now() });
      }
      if (await storeSafely(input.itemId, result, null)) stored += 1;
    }
    return stored;
  };

  const storeSafely = async (itemId: string, result: LinkCheckResult, by: string | null) => {
    try {
      return (await store(itemId, result, by)) !== null;
    } catch (error) {
      // The lease runs out and the link is checked again by the next run.
      log(`Storing the check of item ${itemId} failed`, error);
      return false;
    }
  };

  /** Checks one claimed batch with at most `concurrency` hosts at a time. */
  const checkBatch = async (itemIds: string[]): Promise<number> => {
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
        if (await storeSafely(input.itemId, failure(reason, 0), null)) stored += 1;
        continue;
      }
      byHost.set(hostname, [...(byHost.get(hostname) ?? []), input]);
    }
    const groups = [...byHost.entries()];
    const workers = Array.from({ length: Math.min(concurrency, groups.length) }, async () => {
      for (let next = groups.shift(); next; next = groups.shift()) {
        stored += await checkHostGroup(next[0], next[1]);
      }
    });
    await Promise.all(workers);
    return stored;
  };

  return {
    owner,

    runDue: async () => {
      const started = performance.now();
      try {
        await adopt();
      } catch (error) {
        log('Picking up live links failed', error);
      }
      let stored = 0;
      while (performance.now() - started < RUN_BUDGET_MS) {
        const at = now();
        const claimed = await claimDueMonitors(db, {
          at,
          until: later(ITEM_LEASE_MS),
          owner,
          limit: concurrency * 4,
        });
        if (claimed.length === 0) break;
        stored += await checkBatch(claimed);
      }
      return stored;
    },

    checkNow: async (itemId, requestedBy) => {
      const at = now();
      if (!(await claimMonitor(db, { itemId, at, until: later(ITEM_LEASE_MS), owner }))) {
        throw new ApiError(
          429,
          'This link is being checked right now; its result appears in a moment.',
          { headers: { 'retry-after': '10' } },
        );
      }
      try {
        const [input] = await findCheckInputs(db, [itemId]);
        if (!input) throw new Error(`No monitor for item ${itemId}`);
        const hostname = hostOf(input);
        let result: LinkCheckResult;
        if (hostname === null) {
          result = failure('The live link is not an http or https address.', 0);
        } else {
          const deadline = performance.now() + CHECK_NOW_HOST_WAIT_MS;
          while (
            !(await claimHost(db, {
              hostname,
              at: now(),
              until: later(HOST_LEASE_MS),
              owner,
            }))
          ) {
            if (performance.now() > deadline) {
              throw new ApiError(
                429,
                `Another link on ${hostname} is being checked; try again in a few seconds.`,
                { headers: { 'retry-after': '10' } },
              );
            }
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          try {
            result = await runCheck(checkInputOf(input, input.liveLink ?? ''));
          } finally {
            await releaseHost(db, { hostname, owner, at: now() });
          }
        }
        const check = await store(itemId, result, requestedBy);
        if (!check) throw new Error(`The lease of item ${itemId} was lost during its check`);
        return check;
      } finally {
        // Nothing to give back once the result is stored (storing releases the lease).
        await releaseMonitors(db, { itemIds: [itemId], owner });
      }
    },

    startMonitoring: (itemIds) => db.transaction((tx) => startMonitoring(tx, itemIds, now())),

    itemsChanged: async (tx, changes) => {
      const wentLive = changes.filter((c) => c.to === 'live_link' && c.from !== 'live_link');
      const left = changes.filter((c) => c.from === 'live_link' && c.to !== 'live_link');
      const at = changes[0]?.at;
      if (!at) return;
      if (wentLive.length > 0) {
        await startMonitoring(
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
    },
  };
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
