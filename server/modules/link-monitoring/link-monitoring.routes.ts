import type { FastifyInstance } from 'fastify';

import { linkMonitoringEndpoints as endpoints } from '#contract/link-monitoring.ts';
import { route } from '#server/http/endpoint-route.ts';
import type { IdempotencyOptions } from '#server/http/idempotency.ts';
import { callerOf } from '#server/http/member-access.ts';

import type { LinkMonitoringService } from './link-monitoring.service.ts';

/** A repeat with the same key answers the first answer; a refund is issued once (decision 044). */
const remedyCall = { idempotency: { status: 200, store: 'after' } satisfies IdempotencyOptions };

export async function linkMonitoringRoutes(
  app: FastifyInstance,
  { links }: { links: LinkMonitoringService },
): Promise<void> {
  route(app, endpoints.list, (request) => links.list(callerOf(request), request.query));
  route(app, endpoints.checks, (request) =>
    links.checks(callerOf(request), request.params.id, request.query),
  );
  route(app, endpoints.checkNow, (request) => links.checkNow(callerOf(request), request.params.id));
  route(app, endpoints.issues, (request) => links.issues(callerOf(request), request.params.id));
  route(
    app,
    endpoints.remedy,
    (request) =>
      links.remedy(callerOf(request), request.params.id, request.params.issueId, request.body.kind),
    remedyCall,
  );
}
