import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContentGuidelinesBodySchema,
  ContentGuidelinesSchema,
  INTERNAL_LINKS_MAX,
  MAX_COMMENT_LENGTH,
  MAX_DOMAINS,
  MAX_TOPIC_LENGTH,
  MAX_TOPICS,
  TRUSTLINKS_MAX,
} from '#contract/content-guidelines.ts';
import {
  IdempotencyHeadersSchema,
  transactionOf,
  type IdempotencyOptions,
} from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import { readMultipartForm } from '../files/files.service.ts';
import type { ContentGuidelinesService } from './content-guidelines.service.ts';

const common = { tags: ['Content guidelines'], security: [{ bearerAuth: [] }] };
const PATH = '/content-guidelines';

export const contentGuidelinesRoutes: FastifyPluginAsyncZod<{
  guidelines: ContentGuidelinesService;
}> = async (app, { guidelines }) => {
  app.get(
    PATH,
    {
      schema: {
        ...common,
        summary: "The signed-in buyer's content guidelines",
        description:
          'A buyer who never saved guidelines gets the defaults with `revision` 0 and `updated_at` null.',
        response: { 200: ContentGuidelinesSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => guidelines.get(principalOf(request).userId),
  );

  app.put(
    PATH,
    {
      config: { idempotency: { status: 200, store: 'atomic' } satisfies IdempotencyOptions },
      schema: {
        ...common,
        summary: 'Saves the content guidelines (every field)',
        description: `Every field is required; unknown and read-only fields (the file, \`revision\`, \`updated_at\`) are refused. Up to ${MAX_TOPICS} topics of ${MAX_TOPIC_LENGTH} characters per list, comments up to ${MAX_COMMENT_LENGTH} characters, 1-${TRUSTLINKS_MAX} trustlinks, 1-${INTERNAL_LINKS_MAX} internal links, up to ${MAX_DOMAINS} domains per list, each normalised like a buyer domain; repeats and a domain both avoided and preferred are refused. Orders placed later freeze the saved guidelines into their items; items already ordered keep theirs. A repeat with the same Idempotency-Key answers the first answer.`,
        headers: IdempotencyHeadersSchema,
        body: ContentGuidelinesBodySchema,
        response: { 200: ContentGuidelinesSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    (request) => guidelines.save(transactionOf(request), principalOf(request).userId, request.body),
  );

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

  app.delete(
    `${PATH}/files`,
    {
      schema: {
        ...common,
        summary: 'Removes the custom guidelines file',
        description: 'Orders already placed keep the file they froze.',
        response: { 200: ContentGuidelinesSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => guidelines.removeFile(principalOf(request).userId),
  );
};
