// The per-request metrics and the route on every request's log line: one hook at the start of a
// request and one once it is answered. A route is named by its template (`/api/v1/orders/:id`),
// never by its address, so that the number of series stays bounded.
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Metrics } from './metrics.ts';

/** The route of a request that matched none (a 404, or the web app's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The template of the request's route, or UNMATCHED_ROUTE. */
export function routeOf(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

const refusals = new WeakMap<FastifyRequest, string>();

/** Notes the limit that refused the request (429 or the overload guard's 503), for the metrics. */
export function noteRefusal(request: FastifyRequest, limit: string): void {
  refusals.set(request, limit);
}

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', async (request, reply) => {
    // Every later line of the request (its answer, its errors) names the route's template.
    const log = request.log.child({ route: routeOf(request) });
    request.log = log;
    reply.log = log;
  });
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    metrics.request(request.method, routeOf(request), status, reply.elapsedTime / 1000);
    const limit = refusals.get(request);
    if (limit) metrics.refused(limit, status);
    else if (status === 429) metrics.refused('unnamed', status);
  });
}
