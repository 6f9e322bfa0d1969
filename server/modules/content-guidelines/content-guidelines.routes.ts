import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentGuidelinesEndpoints as endpoints,
  ContentGuidelinesSchema,
} from '#contract/content-guidelines.ts';
import { route } from '#server/http/endpoint-route.ts';
import { transactionOf, type IdempotencyOptions } from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import { readMultipartForm } from '../files/files.service.ts';
import type { ContentGuidelinesService } from './content-guidelines.service.ts';

const common = { tags: ['Content guidelines'], security: [{ bearerAuth: [] }] };
const PATH = '/content-guidelines';

export const contentGuidelinesRoutes: FastifyPluginAsyncZod<{
  guidelines: ContentGuidelinesService;
}> = async (app, { guidelines }) => {
  route(app, endpoints.get, (request) => guidelines.get(principalOf(request).userId));
  route(
    app,
    endpoints.save,
    (request) => guidelines.save(transactionOf(request), principalOf(request).userId, request.body),
    { idempotency: { status: 200, store: 'atomic' } satisfies IdempotencyOptions },
  );
  route(app, endpoints.removeFile, (request) => guidelines.removeFile(principalOf(request).userId));

  // The upload, a multipart form, is registered with its own schema.
  app.put(
    `${PATH}/files`,
    {
      schema: {
        ...common,
        summary: 'Uploads the custom guidelines file (multipart `file`)',
        description:
          'A .doc, .docx, .txt or .pdf document judged by its content (a renamed executable is refused with 400), at most 20 MB (413 with the size). It replaces the previous file; orders already placed keep the one they froze.',
        consumes: ['multipart/form-data'],
        body: z.object({ file: z.string().optional().describe('The document') }).nullish(),
        response: {
          200: ContentGuidelinesSchema,
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request) =>
      guidelines.putFile(principalOf(request).userId, await readMultipartForm(request)),
  );
};
