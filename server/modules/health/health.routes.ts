import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/database.ts';
import { ApiError } from '#server/http/api-error.ts';
import { errorResponses } from '#server/http/responses.ts';

const HealthSchema = z.object({ status: z.literal('ok') });

/** Liveness and readiness in one: answers only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Health of the API and its database',
        response: { 200: HealthSchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'Database health check failed');
        throw new ApiError(503, 'Service unavailable');
      }
      return { status: 'ok' as const };
    },
  );
};
