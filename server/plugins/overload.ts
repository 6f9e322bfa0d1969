// Under overload the server answers 503 with Retry-After at once instead of queueing without bound
// (decision 121). Two signals: the event loop's delay (the process itself cannot keep up) and the
// expected wait for a database connection (the database cannot keep up: decision 171, measured by
// server/db/pool-load.ts). Refusals go through the error handler like every other answer: error
// format, security headers, request id.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { DEFAULT_ENV } from '../env.ts';
import { ApiError } from '../http/api-error.ts';

export interface OverloadLimits {
  /** Mean event-loop delay over a sample above which API requests are refused. */
  maxEventLoopDelayMs: number;
  /** How often the event-loop delay is sampled. */
  sampleIntervalMs: number;
  /**
   * The budget of a query's wait for a database connection, in ms: API requests are refused while
   * the expected wait is over it (decision 171).
   */
  databaseWaitBudgetMs: number;
  /** What Retry-After tells a refused client. */
  retryAfterSeconds: number;
}

export const DEFAULT_OVERLOAD_LIMITS: OverloadLimits = {
  maxEventLoopDelayMs: 1000,
  sampleIntervalMs: 500,
  databaseWaitBudgetMs: DEFAULT_ENV.databaseWaitBudgetMs,
  retryAfterSeconds: 5,
};

const isApiRequest = (request: FastifyRequest) => request.url.startsWith('/api/');

/** A request is refused when its expected wait is over the budget; a wait just at it is served. */
export const isOverBudget = (expectedWaitMs: number, budgetMs: number) => expectedWaitMs > budgetMs;

/** The overload guard's signals as the metrics name them (portal_http_refusals_total's `limit`). */
const LIMIT_NAMES: Record<string, string> = {
  eventLoopDelay: 'event_loop_delay',
  databaseWaitMs: 'database_wait',
};

export const OVERLOADED_MESSAGE = 'The server is busy. Try again in a few seconds.';

export interface OverloadOptions {
  limits?: Partial<OverloadLimits>;
  /**
   * How long a query arriving now would wait for a database connection, in ms
   * (`DatabaseHandle.expectedWaitMs`); without it only the event loop counts.
   */
  databaseWaitMs?: () => number;
}

export async function registerOverloadGuard(
  app: FastifyInstance,
  options: OverloadOptions = {},
): Promise<void> {
  const limits = { ...DEFAULT_OVERLOAD_LIMITS, ...options.limits };
  const refuse = (request: FastifyRequest, signal: string, value: number | undefined) => {
    request.log.warn({ signal, value }, 'Overloaded, request refused');
    return new ApiError(503, OVERLOADED_MESSAGE, {
      headers: { 'retry-after': String(limits.retryAfterSeconds) },
      limit: LIMIT_NAMES[signal] ?? signal,
    });
  };
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    sampleInterval: limits.sampleIntervalMs,
    retryAfter: limits.retryAfterSeconds,
    // The web app's pages and files are always served: they cost little, and a refused page would
    // show the buyer a bare error instead of the app, which retries its API calls by itself.
    pressureHandler: async (request, _reply, type, value) => {
      if (!isApiRequest(request)) return;
      throw refuse(request, type, value);
    },
  });
  const { databaseWaitMs } = options;
  if (!databaseWaitMs) return;
  // Only API requests wait for the database; the web app's files are served whatever its load.
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    const wait = databaseWaitMs();
    if (isOverBudget(wait, limits.databaseWaitBudgetMs)) {
      throw refuse(request, 'databaseWaitMs', Math.round(wait));
    }
  });
}
