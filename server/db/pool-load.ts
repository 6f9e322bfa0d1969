// How long a query would wait for a pooled connection now (decision 171): the queries already
// waiting, times how long a connection is held on average, shared among the pool's connections.
// The hold time is measured at the pool, from a checkout to its release, and smoothed with an
// exponentially weighted moving average, so one slow query moves it a little and a slow period
// moves it a lot.
import type pg from 'pg';

/** Weight of the newest hold time in the moving average: about the last ten holds count. */
export const HOLD_TIME_WEIGHT = 0.1;

/** The moving average after one more sample; the first sample is the average. */
export function nextMean(mean: number | null, sample: number, weight = HOLD_TIME_WEIGHT): number {
  return mean === null ? sample : mean + weight * (sample - mean);
}

/**
 * The expected wait of a query arriving now, in ms: every waiting query runs before it, and the
 * pool's connections work through them side by side. Nothing measured yet: no wait expected.
 */
export function expectedWaitMs(load: {
  waiting: number;
  meanHoldMs: number | null;
  poolSize: number;
}): number {
  if (load.waiting <= 0 || load.meanHoldMs === null || load.poolSize <= 0) return 0;
  return (load.waiting * load.meanHoldMs) / load.poolSize;
}

/** The pool's connections now: all it holds, the idle ones, and the queries waiting for one. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

export interface PoolLoad {
  /** Queries waiting for a connection now. */
  waiting(): number;
  /** The moving average of how long a connection was held, in ms; null before the first release. */
  meanHoldMs(): number | null;
  /** `expectedWaitMs` of the pool now. */
  expectedWaitMs(): number;
  /** The pool's counts now, for the metrics. */
  counts(): PoolCounts;
}

/** Measures the hold times of `pool`, a pool of at most `size` connections. */
export function measurePoolLoad(
  pool: pg.Pool,
  size: number,
  now: () => number = () => performance.now(),
): PoolLoad {
  const acquiredAt = new WeakMap<pg.PoolClient, number>();
  let mean: number | null = null;
  pool.on('acquire', (client) => acquiredAt.set(client, now()));
  pool.on('release', (_error, client) => {
    const since = acquiredAt.get(client);
    if (since === undefined) return;
    acquiredAt.delete(client);
    mean = nextMean(mean, now() - since);
  });
  return {
    waiting: () => pool.waitingCount,
    meanHoldMs: () => mean,
    expectedWaitMs: () =>
      expectedWaitMs({ waiting: pool.waitingCount, meanHoldMs: mean, poolSize: size }),
    counts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
