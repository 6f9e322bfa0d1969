// What an operator scrapes (decision 201): the metrics of one app, in a registry of its own so
// that several apps in one process (the tests) never share or collide. Names follow Prometheus'
// conventions with the `portal_` prefix; labels are few and bounded: a route's template (never
// its address), a status class, a kind of job, an operation, a limit's name.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { PoolCounts } from '../db/pool-load.ts';

/** Pending jobs of one kind: how many, and how long the oldest due one has waited, in seconds. */
export interface QueueDepth {
  kind: string;
  depth: number;
  oldestSeconds: number;
}

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its method, route template, status and duration in seconds. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A request refused by a limit (429) or the overload guard (503), by the limit's name. */
  refused(limit: string, status: number): void;
  /** A job whose run failed (`error`) or whose worker was lost (`lost_worker`). */
  jobFailed(kind: string, reason: 'error' | 'lost_worker'): void;
  /** A mail send that failed (`send_failed`, retried while attempts remain), or a mail given up. */
  mailFailed(outcome: 'send_failed' | 'given_up'): void;
  /** A link check's outcome (`ok`, `link_missing`, `page_unreachable`…). */
  linkChecked(outcome: string): void;
  /** An export's run, ok or failed, and its duration in seconds. */
  exported(outcome: 'ok' | 'failed', seconds: number): void;
  /** A file-store operation, its duration in seconds, and whether it failed. */
  fileStore(operation: string, seconds: number, failed: boolean): void;
  /** Where the pool's counts are read from at scrape time. */
  readPool(driver: string, read: () => PoolCounts): void;
  /** Where the job queue is read from at scrape time, and the kinds reported even when empty. */
  readQueue(read: () => Promise<QueueDepth[]>, kinds: readonly string[]): void;
}

/** Seconds: 5 ms to 10 s, for requests and file-store operations. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: an export of a hundred rows to one of a million. */
const EXPORT_BUCKETS = [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];
/** A scrape never waits longer than this for the job queue's counts. */
export const QUEUE_READ_TIMEOUT_MS = 1000;

export function createMetrics(
  options: {
    /** Also the process's own metrics: event-loop delay, heap, CPU, handles (prom-client's). */
    processMetrics?: boolean;
    /** Told when the job queue could not be read at scrape time. */
    log?: (message: string, error?: unknown) => void;
  } = {},
): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const registers = [registry];
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests answered, by method, route template and status class (2xx, 4xx, 5xx…).',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: 'portal_http_refusals_total',
    help: 'Requests refused by a limit (429) or the overload guard (503), by limit.',
    labelNames: ['limit', 'status'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'portal_job_failures_total',
    help: 'Job runs that failed (reason=error) or lost their worker (reason=lost_worker), by kind.',
    labelNames: ['kind', 'reason'] as const,
    registers,
  });
  const mailFailures = new Counter({
    name: 'portal_mail_failures_total',
    help: 'Mail sends that failed (outcome=send_failed) and mails given up for good (outcome=given_up).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const linkChecks = new Counter({
    name: 'portal_link_checks_total',
    help: 'Checks of live links, by outcome.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const exportSeconds = new Histogram({
    name: 'portal_export_duration_seconds',
    help: 'Time to write an export of the catalogue, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: EXPORT_BUCKETS,
    registers,
  });
  const fileSeconds = new Histogram({
    name: 'portal_file_store_duration_seconds',
    help: 'Time of a file-store operation (put, get, head, delete, list), by operation.',
    labelNames: ['operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const fileErrors = new Counter({
    name: 'portal_file_store_errors_total',
    help: 'File-store operations that failed, by operation.',
    labelNames: ['operation'] as const,
    registers,
  });
  let pool: { driver: string; read: () => PoolCounts } | null = null;
  const poolGauge = (name: string, help: string, field: keyof PoolCounts) =>
    new Gauge({
      name,
      help,
      labelNames: ['driver'] as const,
      registers,
      collect() {
        this.reset();
        if (pool) this.set({ driver: pool.driver }, pool.read()[field]);
      },
    });
  poolGauge('portal_db_pool_connections', 'Connections the database pool holds.', 'total');
  poolGauge('portal_db_pool_idle_connections', 'Pooled connections not in use.', 'idle');
  poolGauge(
    'portal_db_pool_waiting_queries',
    'Queries waiting for a pooled connection.',
    'waiting',
  );

  let queue: { read: () => Promise<QueueDepth[]>; kinds: readonly string[] } | null = null;
  // Both queue gauges are filled from one read per scrape.
  let reading: Promise<QueueDepth[] | null> | null = null;
  const readQueueOnce = () => {
    if (!queue) return Promise.resolve(null);
    reading ??= withTimeout(queue.read(), QUEUE_READ_TIMEOUT_MS)
      .catch((error: unknown) => {
        options.log?.('Reading the job queue for the metrics failed', error);
        return null;
      })
      .finally(() => setImmediate(() => (reading = null)));
    return reading;
  };
  const queueGauge = (name: string, help: string, value: (row: QueueDepth) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        const rows = await readQueueOnce();
        this.reset();
        // Unknown, not zero, when the queue could not be read: the series are left out.
        if (!rows || !queue) return;
        for (const kind of queue.kinds) this.set({ kind }, 0);
        for (const row of rows) this.set({ kind: row.kind }, value(row));
      },
    });
  queueGauge('portal_jobs_pending', 'Jobs waiting in the queue, by kind.', (row) => row.depth);
  queueGauge(
    'portal_jobs_oldest_pending_age_seconds',
    'How long the oldest due pending job of a kind has waited since it became due.',
    (row) => row.oldestSeconds,
  );

  return {
    registry,
    request: (method, route, status, seconds) => {
      requests.inc({ method, route, status_class: `${Math.floor(status / 100)}xx` });
      requestSeconds.observe({ method, route }, seconds);
    },
    refused: (limit, status) => refusals.inc({ limit, status: String(status) }),
    jobFailed: (kind, reason) => jobFailures.inc({ kind, reason }),
    mailFailed: (outcome) => mailFailures.inc({ outcome }),
    linkChecked: (outcome) => linkChecks.inc({ outcome }),
    exported: (outcome, seconds) => exportSeconds.observe({ outcome }, seconds),
    fileStore: (operation, seconds, failed) => {
      fileSeconds.observe({ operation }, seconds);
      if (failed) fileErrors.inc({ operation });
    },
    readPool: (driver, read) => {
      pool = { driver, read };
    },
    readQueue: (read, kinds) => {
      queue = { read, kinds };
    },
  };
}

/** The promise's value, or a rejection once `ms` have passed. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Seconds since `start` (a `performance.now()` reading). */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}

/** The job handler, its runs timed and told to `observe` with their outcome. */
export function timeJob<Handler extends (payload: Record<string, unknown>) => Promise<void>>(
  handler: Handler,
  observe: (outcome: 'ok' | 'failed', seconds: number) => void,
): Handler {
  const timed = async (payload: Record<string, unknown>) => {
    const start = performance.now();
    try {
      await handler(payload);
      observe('ok', secondsSince(start));
    } catch (error) {
      observe('failed', secondsSince(start));
      throw error;
    }
  };
  // Whatever else the handler carries (its `abandon`) stays.
  return Object.assign(timed, handler);
}
