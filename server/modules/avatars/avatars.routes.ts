import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_REQUIRED_MESSAGE,
  AVATAR_SIZES,
  AvatarUploadedSchema,
  MAX_AVATAR_BYTES,
  type AvatarSize,
} from '#contract/avatars.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { DOWNLOAD_SECURITY_HEADERS } from '#server/http/attachment.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import { readRawUpload } from '../files/files.service.ts';
import type { AvatarsService } from './avatars.service.ts';

const AvatarParamsSchema = z.object({
  id: z.uuid(),
  size: z.enum(Object.keys(AVATAR_SIZES) as [AvatarSize, ...AvatarSize[]]),
});
const AvatarFormSchema = z
  .unknown()
  .describe(
    `multipart/form-data with the image in \`file\`: PNG, JPEG or WebP by content, at most ${MAX_AVATAR_BYTES} bytes`,
  );
const ImageSchema = z.unknown().describe('The avatar as a square WebP image');

/** A year: the id changes with every upload, so an id's image never does. */
const AVATAR_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export const avatarsRoutes: FastifyPluginAsyncZod<{ avatars: AvatarsService }> = async (
  app,
  { avatars },
) => {
  app.put(
    '/profiles/avatars',
    {
      schema: {
        tags: ['Profile'],
        summary: "Replaces the signed-in user's avatar",
        description:
          'The image is judged by its content (PNG, JPEG or WebP; SVG and anything else refused), its header may declare at most 40 megapixels, and it is stored re-encoded as square WebP without metadata.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        body: AvatarFormSchema.optional(),
        response: { 200: AvatarUploadedSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const upload = await readRawUpload(request, MAX_AVATAR_BYTES);
      if (!upload || upload.bytes.length === 0) {
        throw new ApiError(400, AVATAR_REQUIRED_MESSAGE, {
          violations: [{ path: 'file', message: AVATAR_REQUIRED_MESSAGE }],
        });
      }
      const file = await avatars.replace(principalOf(request).userId, upload.bytes);
      return { avatar_file: file };
    },
  );

  app.delete(
    '/profiles/avatars',
    {
      schema: {
        tags: ['Profile'],
        summary: "Removes the signed-in user's avatar",
        security: [{ bearerAuth: [] }],
        response: {
          204: z.null().describe('Removed (or there was none)'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      await avatars.remove(principalOf(request).userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/profiles/avatars/:id/:size',
    {
      schema: {
        tags: ['Profile'],
        summary: "An avatar image: the caller's own or their sales or account manager's",
        description:
          'Answers image/webp, cached for a year (an avatar id never changes its image). Any other id answers 404, like a missing one.',
        security: [{ bearerAuth: [] }],
        params: AvatarParamsSchema,
        response: { 200: ImageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, size } = request.params;
      const location = await avatars.locate(principalOf(request).userId, id, size);
      if (!location) throw notFound();
      return reply
        .type('image/webp')
        .header('cache-control', AVATAR_CACHE_CONTROL)
        .header('content-disposition', 'inline; filename="avatar.webp"')
        .headers(DOWNLOAD_SECURITY_HEADERS)
        .send(createReadStream(location));
    },
  );
};
