// The job queue: rows of `jobs`, claimed one at a time with FOR UPDATE SKIP LOCKED so that the
// workers of several API processes never run the same job. Each process polls with one
// in-process worker; tests run jobs one by one with runNext().
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import { queryRows, type Database } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface JobRunner {
  enqueue(kind: string, payload: Record<string, unknown>, db?: Database): Promise<string>;
  /** Claims and runs the oldest pending job; false when there was none. */
  runNext(): Promise<boolean>;
  /** Polls for jobs until stop() is called. */
  start(): void;
  /** Stops polling and waits for the running job to finish. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  now: Clock;
  pollIntervalMs?: number;
  log?: (message: string, error?: unknown) => void;
}

interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers, now } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const log = options.log ?? (() => {});
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  const claim = async (): Promise<ClaimedJob | null> => {
    const at = now().toISOString();
    const [job] = await queryRows<ClaimedJob>(
      db,
      sql`update ${jobs} set status = 'processing', attempts = attempts + 1, updated_at = ${at}
          where id = (
            select id from ${jobs} where status = 'pending'
            order by created_at, id
            for update skip locked
            limit 1
          )
          returning id, kind, payload`,
    );
    return job ?? null;
  };

  const finish = async (id: string, error: unknown) => {
    const at = now().toISOString();
    const message = error === null ? null : error instanceof Error ? error.message : String(error);
    await db.execute(
      sql`update ${jobs} set status = ${error === null ? 'completed' : 'failed'},
          last_error = ${message}, updated_at = ${at} where id = ${id}`,
    );
  };

  const runNext = async (): Promise<boolean> => {
    const job = await claim();
    if (!job) return false;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(job.payload);
      await finish(job.id, null);
    } catch (error) {
      log(`Job ${job.id} (${job.kind}) failed`, error);
      await finish(job.id, error);
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
    enqueue: async (kind, payload, target = db) => {
      const at = now();
      const [row] = await target
        .insert(jobs)
        .values({ kind, payload, createdAt: at, updatedAt: at })
        .returning({ id: jobs.id });
      if (!row) throw new Error('The job was not stored');
      return row.id;
    },
    runNext,
    start: () => {
      if (!stopped) return;
      stopped = false;
      poll();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
