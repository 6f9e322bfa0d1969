import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { healthEndpoints as endpoints } from '#contract/health.ts';
import type { Database } from '#server/db/database.ts';
import { ApiError } from '#server/http/api-error.ts';
import { route } from '#server/http/endpoint-route.ts';

/** Liveness and readiness in one: answers only when the database answers. */
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
