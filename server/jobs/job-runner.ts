// The job queue: rows of `jobs`, claimed one at a time with FOR UPDATE SKIP LOCKED so that the
// workers of several API processes never run the same job. Each process polls with one
// in-process worker; tests run jobs one by one with runNext().
//
// A running job holds a lease: its worker renews `updated_at` every heartbeat. A job still
// `processing` whose lease has not been renewed for `staleAfterMs` lost its worker (the process
// died); before claiming, a worker puts such jobs back to `pending`, or marks them `failed` once
// they have been started `maxAttempts` times. Only the worker holding the lease may finish a job.
//
// A runner may claim only some kinds (`kinds`), so that one kind gets a worker of its own (mail,
// which must not wait behind an export), and may retry jobs whose handler failed
// (`retryDelayMs`): the job goes back to `pending` with `run_after` set, until `maxAttempts`.
//
// A kind whose payload holds something secret names those keys (`secretPayloadKeys`): they are
// removed when the job completes or fails for good. Finished jobs are deleted after a while,
// completed ones after 7 days and failed ones after 30 (`pruneCompletedAfterMs`,
// `pruneFailedAfterMs`), checked when the queue is found empty, at most once an hour.
//
// Leases, retry times and creation times are read from the database's clock (sqlNow, decision
// 195), since they are compared with what other processes wrote; an injected clock replaces it.
import { inArray, notInArray, type SQL, sql } from 'drizzle-orm';

import type { Clock } from '../clock.ts';
import { type Database, queryRows } from '../db/database.ts';
import { sqlNow, sqlNowPlus } from '../db/database-time.ts';
import { jobs } from '../db/schema/index.ts';

/**
 * Runs a job. `signal` is aborted when the runner stops (the process shuts down): a long job
 * checks it between its steps and throws (`signal.throwIfAborted()`), and the job is handed back
 * to the queue for another process, its attempt not counted. `abandon`, when present, is told
 * when the job is given up (its worker died too often, or its last retry failed), so that
 * whatever the job reports to users can show it.
 */
export type JobHandler = ((
  payload: Record<string, unknown>,
  signal?: AbortSignal,
) => Promise<void>) & {
  abandon?: (payload: Record<string, unknown>, error: string) => Promise<void>;
};

/** A lease not renewed for this long means the job's worker is gone. */
export const DEFAULT_STALE_AFTER_MS = 5 * 60_000;
/** How often a running job's lease is renewed. */
export const DEFAULT_HEARTBEAT_MS = 30_000;
/** How many times a job is started before a lost worker makes it fail. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** Completed jobs are deleted after this long. */
export const DEFAULT_PRUNE_COMPLETED_AFTER_MS = 7 * 24 * 60 * 60_000;
/** Failed jobs (kept for their error) are deleted after this long. */
export const DEFAULT_PRUNE_FAILED_AFTER_MS = 30 * 24 * 60 * 60_000;

export const ABANDONED_MESSAGE = 'The job stopped responding too many times and was given up.';

export interface JobRunner {
  enqueue(kind: string, payload: Record<string, unknown>, db?: Database): Promise<string>;
  /** Claims and runs the oldest due pending job; false when there was none. */
  runNext(): Promise<boolean>;
  /** Polls for jobs until stop() is called. */
  start(): void;
  /**
   * Stops polling, aborts the running job's signal and waits for it: a job that stops at the
   * signal goes back to `pending` at once, for another process.
   */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  now: Clock;
  pollIntervalMs?: number;
  staleAfterMs?: number;
  heartbeatMs?: number;
  maxAttempts?: number;
  /** Which kinds this runner claims; all by default. */
  kinds?: { only: readonly string[] } | { except: readonly string[] };
  /**
   * When set, a job whose handler fails is tried again this long after its `attempt`-th start,
   * until it has been started `maxAttempts` times; without it a failed job stays failed.
   */
  retryDelayMs?: (attempt: number) => number;
  /** Payload keys removed once a job has completed or failed for good. */
  secretPayloadKeys?: readonly string[];
  /** Completed jobs of this runner's kinds older than this are deleted; 7 days by default. */
  pruneCompletedAfterMs?: number;
  /** Failed jobs of this runner's kinds older than this are deleted; 30 days by default. */
  pruneFailedAfterMs?: number;
  log?: (message: string, error?: unknown) => void;
  /** Told of each failed run (`error`) and each job found without its worker (`lost_worker`). */
  onFailure?: (kind: string, reason: 'error' | 'lost_worker') => void;
}

const PRUNE_INTERVAL_MS = 60 * 60_000;

interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers, now } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const log = options.log ?? (() => {});
  const onFailure = options.onFailure ?? (() => {});
  const { retryDelayMs, kinds } = options;
  const pruneCompletedAfterMs = options.pruneCompletedAfterMs ?? DEFAULT_PRUNE_COMPLETED_AFTER_MS;
  const pruneFailedAfterMs = options.pruneFailedAfterMs ?? DEFAULT_PRUNE_FAILED_AFTER_MS;
  const secretKeys = [...(options.secretPayloadKeys ?? [])];
  // `payload - array['a','b']`: the payload without its secret keys, or as it is.
  const withoutSecrets: SQL =
    secretKeys.length > 0
      ? sql`payload - array[${sql.join(
          secretKeys.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]`
      : sql`payload`;
  let prunedAt: number | null = null;
  const kindFilter: SQL = !kinds
    ? sql`true`
    : 'only' in kinds
      ? inArray(jobs.kind, [...kinds.only])
      : kinds.except.length > 0
        ? notInArray(jobs.kind, [...kinds.except])
        : sql`true`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  // Aborted by stop(); a new one when the runner starts again.
  let stopping = new AbortController();

  /** Puts jobs whose lease ran out back in the queue, or fails them after too many attempts. */
  const recoverStale = async (): Promise<void> => {
    const recovered = await queryRows<ClaimedJob & { status: string }>(
      db,
      sql`update ${jobs}
          set status = case when attempts >= ${maxAttempts} then 'failed'::job_status else 'pending'::job_status end,
              payload = case when attempts >= ${maxAttempts} then ${withoutSecrets} else payload end,
              last_error = case when attempts >= ${maxAttempts} then ${ABANDONED_MESSAGE}
                                else 'The worker running the job stopped responding.' end,
              updated_at = ${sqlNow(now)}
          where status = 'processing' and updated_at < ${sqlNowPlus(now, -staleAfterMs)}
            and ${kindFilter}
          returning id, kind, payload, attempts, status`,
    );
    for (const job of recovered) {
      log(`Job ${job.id} (${job.kind}) lost its worker after attempt ${job.attempts}`);
      onFailure(job.kind, 'lost_worker');
      if (job.status !== 'failed') continue;
      await abandon(job, ABANDONED_MESSAGE);
    }
  };

  const abandon = async (job: ClaimedJob, message: string) => {
    try {
      await handlers[job.kind]?.abandon?.(job.payload, message);
    } catch (error) {
      log(`Giving up job ${job.id} (${job.kind}) failed`, error);
    }
  };

  const claim = async (): Promise<ClaimedJob | null> => {
    const at = sqlNow(now);
    const [job] = await queryRows<ClaimedJob>(
      db,
      sql`update ${jobs} set status = 'processing', attempts = attempts + 1, updated_at = ${at}
          where id = (
            select id from ${jobs}
            where status = 'pending' and (run_after is null or run_after <= ${at}) and ${kindFilter}
            order by created_at, id
            for update skip locked
            limit 1
          )
          returning id, kind, payload, attempts`,
    );
    return job ?? null;
  };

  /** Renews the lease of a claimed job; the statement only matches while the lease is held. */
  const renew = async (job: ClaimedJob) => {
    await db.execute(
      sql`update ${jobs} set updated_at = ${sqlNow(now)}
          where id = ${job.id} and status = 'processing' and attempts = ${job.attempts}`,
    );
  };

  /** Completes the job, fails it, or puts it back for a retry; false when the lease was lost. */
  const finish = async (job: ClaimedJob, error: unknown): Promise<boolean> => {
    const message = error === null ? null : error instanceof Error ? error.message : String(error);
    const retryAt =
      error !== null && retryDelayMs && job.attempts < maxAttempts
        ? sqlNowPlus(now, retryDelayMs(job.attempts))
        : null;
    const status = error === null ? 'completed' : retryAt ? 'pending' : 'failed';
    // A worker that lost its lease (the job was reclaimed meanwhile) leaves the row alone.
    const updated = await queryRows<{ id: string }>(
      db,
      sql`update ${jobs} set status = ${status}, last_error = ${message},
          payload = ${status === 'pending' ? sql`payload` : withoutSecrets},
          run_after = ${retryAt}, updated_at = ${sqlNow(now)}
          where id = ${job.id} and status = 'processing' and attempts = ${job.attempts}
          returning id`,
    );
    return updated.length > 0;
  };

  /** Deletes old finished jobs of this runner's kinds, at most once an interval. */
  const prune = async () => {
    const at = now().getTime();
    if (prunedAt !== null && at - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = at;
    await db.execute(
      sql`delete from ${jobs} where ${kindFilter} and (
            (status = 'completed' and updated_at < ${sqlNowPlus(now, -pruneCompletedAfterMs)})
            or (status = 'failed' and updated_at < ${sqlNowPlus(now, -pruneFailedAfterMs)}))`,
    );
  };

  const runNext = async (): Promise<boolean> => {
    await recoverStale();
    const job = await claim();
    if (!job) {
      await prune();
      return false;
    }
    const handler = handlers[job.kind];
    const { signal } = stopping;
    let renewing: Promise<unknown> = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewing = renewing
        .then(() => renew(job))
        .catch((error: unknown) => log(`Renewing the lease of job ${job.id} failed`, error));
    }, heartbeatMs);
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(job.payload, signal);
      clearInterval(heartbeat);
      await renewing;
      await finish(job, null);
    } catch (error) {
      clearInterval(heartbeat);
      await renewing;
      // Stopped by the signal, not failed: the job goes back to the queue as it was.
      if (signal.aborted) {
        await handBack(db, now, job);
        return true;
      }
      log(`Job ${job.id} (${job.kind}) failed on attempt ${job.attempts}`, error);
      onFailure(job.kind, 'error');
      const finished = await finish(job, error);
      if (finished && retryDelayMs && job.attempts >= maxAttempts) {
        log(`Job ${job.id} (${job.kind}) was given up after ${job.attempts} attempts`);
        await abandon(job, error instanceof Error ? error.message : String(error));
      }
    }
    return true;
  };

  const poll = () => {
    if (stopped) return;
    running = (async () => {
      try {
        // Drain the queue, then wait for the next poll.
        while (!stopped && (await runNext()));
      } catch (error) {
        log('Polling for jobs failed', error);
      }
    })();
    void running.then(() => {
      if (!stopped) timer = setTimeout(poll, pollIntervalMs);
    });
  };

  return {
    enqueue: (kind, payload, target = db) => enqueueJob(target, now, kind, payload),
    runNext,
    start: () => {
      if (!stopped) return;
      stopped = false;
      if (stopping.signal.aborted) stopping = new AbortController();
      poll();
    },
    stop: async () => {
      stopped = true;
      stopping.abort(new Error('The job runner is stopping'));
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

/**
 * Puts a job its handler gave up at the stop signal back in the queue, due at once, its lease and
 * this attempt undone, so that another process claims it without waiting for the lease to go
 * stale. A worker that lost the lease meanwhile leaves the row alone.
 */
async function handBack(db: Database, now: Clock, job: ClaimedJob): Promise<void> {
  await db.execute(
    sql`update ${jobs} set status = 'pending', attempts = attempts - 1, run_after = null,
        updated_at = ${sqlNow(now)}
        where id = ${job.id} and status = 'processing' and attempts = ${job.attempts}`,
  );
}

/** Stores a pending job of `kind`, in `target`'s transaction when it is one; answers its id. */
export async function enqueueJob(
  target: Database,
  now: Clock,
  kind: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const at = sqlNow(now);
  const [row] = await target
    .insert(jobs)
    .values({ kind, payload, createdAt: at, updatedAt: at })
    .returning({ id: jobs.id });
  if (!row) throw new Error('The job was not stored');
  return row.id;
}
