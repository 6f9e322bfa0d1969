import type { FastifyInstance } from 'fastify';

import { exportEndpoints as endpoints, type ExportTaskCreate } from '#contract/exports.ts';
import { route } from '#server/http/endpoint-route.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { ExportsService } from './exports.service.ts';

export async function exportsRoutes(
  app: FastifyInstance,
  { exports }: { exports: ExportsService },
): Promise<void> {
  route(app, endpoints.createTask, (request) =>
    exports.createTask(principalOf(request).userId, request.body as ExportTaskCreate),
  );
  route(app, endpoints.getTask, (request) =>
    exports.getTask(principalOf(request).userId, request.params.id),
  );
}
