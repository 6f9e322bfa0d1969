// Under overload the server answers 503 with Retry-After at once instead of queueing without bound
// (decision 121). Two signals: the event loop's delay (the process itself cannot keep up) and the
// queries waiting for a database connection (the database cannot keep up). Refusals go through the
// error handler like every other answer: error format, security headers, request id.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.ts';

export interface OverloadLimits {
  /** Mean event-loop delay over a sample above which API requests are refused. */
  maxEventLoopDelayMs: number;
  /** How often the event-loop delay is sampled. */
  sampleIntervalMs: number;
  /** Queries waiting for a database connection above which API requests are refused. */
  maxDatabaseWaiting: number;
  /** What Retry-After tells a refused client. */
  retryAfterSeconds: number;
}

export const DEFAULT_OVERLOAD_LIMITS: OverloadLimits = {
  maxEventLoopDelayMs: 1000,
  sampleIntervalMs: 500,
  maxDatabaseWaiting: 100,
  retryAfterSeconds: 5,
};

const isApiRequest = (request: FastifyRequest) => request.url.startsWith('/api/');

export const OVERLOADED_MESSAGE = 'The server is busy. Try again in a few seconds.';

export interface OverloadOptions {
  limits?: Partial<OverloadLimits>;
  /** Queries waiting for a database connection now; without it only the event loop counts. */
  databaseWaiting?: () => number;
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
  const { databaseWaiting } = options;
  if (!databaseWaiting) return;
  // Only API requests wait for the database; the web app's files are served whatever its load.
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    const waiting = databaseWaiting();
    if (waiting > limits.maxDatabaseWaiting) throw refuse(request, 'databaseWaiting', waiting);
  });
}
