import os from 'node:os';

import type { FastifyRequest } from 'fastify';

import type { BuildInfo } from '../build-info.ts';
import { routeOf } from '../metrics/request-metrics.ts';

/** Query parameters whose value is a credential, whatever the request does with them. */
const SECRET_PARAMETER = /token|jwt|bearer|authorization|password|secret/i;
/** A JSON Web Token: an access token pasted into a path segment or a query value. */
const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/;
const REDACTED = '[redacted]';

function redactParameter(parameter: string): string {
  const equals = parameter.indexOf('=');
  if (equals < 0) return parameter;
  const name = parameter.slice(0, equals);
  const isSecret = SECRET_PARAMETER.test(name) || JWT.test(parameter.slice(equals + 1));
  return isSecret ? `${name}=${REDACTED}` : parameter;
}

/**
 * What a request log may keep of an address: single-use tokens travel in the path of
 * confirmation and reset links, and an access token sent in the query string (which the API
 * refuses, the header is its only place) or pasted into a path would otherwise be kept verbatim.
 * All of them are redacted.
 */
export function redactTokens(url: string): string {
  const question = url.indexOf('?');
  const path = (question < 0 ? url : url.slice(0, question))
    .replace(/(\/(?:confirmations|resets)\/)[^/?#]+/g, `$1${REDACTED}`)
    .split('/')
    .map((segment) => (JWT.test(segment) ? REDACTED : segment))
    .join('/');
  if (question < 0) return path;
  return `${path}?${url
    .slice(question + 1)
    .split('&')
    .map(redactParameter)
    .join('&')}`;
}

/** How a request appears in the request log: its route's template too (`/api/v1/orders/:id`). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    route: routeOf(request),
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * What every log line of the process carries (pino's `base`): pino's own process id and host, and
 * the version and commit of the build (server/build-info.ts), so that a line names its build.
 */
export function logBindings(build: BuildInfo): Record<string, string | number> {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    version: build.version,
    commit: build.commit,
  };
}
