import type { FastifyInstance } from 'fastify';

import { contentGuidelinesEndpoints as endpoints } from '#contract/content-guidelines.ts';
import { route } from '#server/http/endpoint-route.ts';
import { type IdempotencyOptions, transactionOf } from '#server/http/idempotency.ts';
import { principalOf } from '#server/plugins/auth.ts';

import { readMultipartForm } from '../files/files.service.ts';
import type { ContentGuidelinesService } from './content-guidelines.service.ts';

export async function contentGuidelinesRoutes(
  app: FastifyInstance,
  { guidelines }: { guidelines: ContentGuidelinesService },
): Promise<void> {
  route(app, endpoints.get, (request) => guidelines.get(principalOf(request).userId));
  route(
    app,
    endpoints.save,
    (request) => guidelines.save(transactionOf(request), principalOf(request).userId, request.body),
    { idempotency: { status: 200, store: 'atomic' } satisfies IdempotencyOptions },
  );
  route(app, endpoints.removeFile, (request) => guidelines.removeFile(principalOf(request).userId));

  route(app, endpoints.uploadFile, async (request) =>
    guidelines.putFile(principalOf(request).userId, await readMultipartForm(request)),
  );
}
