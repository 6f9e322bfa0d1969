import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ExportTaskCreateSchema,
  ExportTaskSchema,
  type ExportTaskCreate,
} from '#contract/exports.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { ExportsService } from './exports.service.ts';

const IdParamsSchema = z.object({ id: z.uuid() });

export const exportsRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (
  app,
  { exports },
) => {
  app.post(
    '/sites/exports/tasks',
    {
      schema: {
        tags: ['Sites'],
        summary: 'Starts an export to CSV of the sites matching a filter, or of the sites chosen',
        description:
          'Needs `is_allowed_to_export_sites`. With `ids`, exactly those sites, in that order. Poll the task until `completed`, then download `file.path`.',
        security: [{ bearerAuth: [] }],
        body: ExportTaskCreateSchema,
        response: { 201: ExportTaskSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const task = await exports.createTask(
        principalOf(request).userId,
        request.body as ExportTaskCreate,
      );
      return reply.status(201).send(task);
    },
  );

  app.get(
    '/sites/exports/tasks/:id',
    {
      schema: {
        tags: ['Sites'],
        summary: "One of the caller's export tasks",
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 200: ExportTaskSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => exports.getTask(principalOf(request).userId, request.params.id),
  );
};
