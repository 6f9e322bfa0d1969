// Fastify's own options for the app: logging, the client's address behind a proxy, request ids,
// the query-string reader and the answers to requests refused before any hook runs.
import { randomUUID } from 'node:crypto';

import { type FastifyServerOptions, LogController } from 'fastify';

import type { AppOptions } from '../app-options.ts';
import { DEFAULT_ENV } from '../env.ts';
import { parseRequestQuery } from '../http/query-string.ts';
import { fastifyTrustProxy } from '../http/trust-proxy.ts';
import { answerClientError, answerFrameworkError } from './parser-errors.ts';

export function serverOptions(options: AppOptions): FastifyServerOptions {
  return {
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: options.quietRequests ?? false }),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? DEFAULT_ENV.trustProxy),
    // Each answer names its request (X-Request-Id, and the body of a 5xx); a caller may pass its
    // own well-formed id to follow a request across services.
    requestIdHeader: false,
    genReqId: (request) => acceptedRequestId(request.headers['x-request-id']) ?? randomUUID(),
    // Nested bracket syntax (`filter[price][min]=1`) arrives as nested objects.
    routerOptions: { querystringParser: parseRequestQuery },
    // Requests refused before any hook runs answer in the error format with the usual headers.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // While shutting down, a request already read is answered as usual, with `Connection: close`
    // (server/shutdown.ts), rather than by Fastify's own 503 outside the error format.
    return503OnClosing: false,
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** An incoming X-Request-Id when it is one plain token, so nothing odd reaches logs or headers. */
function acceptedRequestId(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : null;
}
