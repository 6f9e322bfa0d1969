import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import {
  healthEndpoints as endpoints,
  LivenessSchema,
  PROBE_PATHS,
  ReadinessSchema,
} from '#contract/health.ts';
import type { BuildInfo } from '#server/build-info.ts';
import type { Database } from '#server/db/database.ts';
import { ApiError } from '#server/http/api-error.ts';
import { route } from '#server/http/endpoint-route.ts';

import type { ReadinessState } from './health.service.ts';

/** `/api/health`: answers only when the database answers, as callers of the API have known it. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  route(app, endpoints.health, async (request) => {
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'Database health check failed');
      throw new ApiError(503, 'Service unavailable');
    }
    return { status: 'ok' as const };
  });
}

/**
 * The probes at the root (decision 199), outside `/api` and so outside the overload guard: every
 * few seconds from every balancer, they are not logged one by one; a failed check is.
 */
export async function probeRoutes(
  app: FastifyInstance,
  { readiness, build }: { readiness: ReadinessState; build: BuildInfo },
): Promise<void> {
  const common = { logLevel: 'warn', schema: { tags: ['Operations'] } } as const;
  app.get(
    PROBE_PATHS.liveness,
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'Liveness: the process answers (no database asked)',
        response: { 200: LivenessSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, ...build };
    },
  );
  app.get(
    PROBE_PATHS.readiness,
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'Readiness: database, file store and the other checks pass, and not draining',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (request, reply) => {
      const { failures, ...report } = await readiness.report();
      for (const { name, error } of failures) {
        request.log.warn({ err: error, check: name }, `Readiness check "${name}" failed`);
      }
      void reply.header('cache-control', 'no-store').status(report.status === 'ok' ? 200 : 503);
      return report;
    },
  );
}
