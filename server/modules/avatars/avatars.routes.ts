import type { FastifyInstance } from 'fastify';

import {
  AVATAR_REQUIRED_MESSAGE,
  avatarEndpoints as endpoints,
  MAX_AVATAR_BYTES,
} from '#contract/avatars.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { type FileAnswer, route } from '#server/http/endpoint-route.ts';
import { principalOf } from '#server/plugins/auth.ts';

import { readRawUpload } from '../files/files.service.ts';
import type { AvatarsService } from './avatars.service.ts';

/** A year: the id changes with every upload, so an id's image never does. */
const AVATAR_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export async function avatarsRoutes(
  app: FastifyInstance,
  { avatars }: { avatars: AvatarsService },
): Promise<void> {
  route(app, endpoints.upload, async (request) => {
    const upload = await readRawUpload(request, MAX_AVATAR_BYTES);
    if (!upload || upload.bytes.length === 0) {
      throw new ApiError(400, AVATAR_REQUIRED_MESSAGE, {
        violations: [{ path: 'file', message: AVATAR_REQUIRED_MESSAGE }],
      });
    }
    const file = await avatars.replace(principalOf(request).userId, upload.bytes);
    return { avatar_file: file };
  });

  route(app, endpoints.remove, async (request) => {
    await avatars.remove(principalOf(request).userId);
    return null;
  });

  route(app, endpoints.image, async (request): Promise<FileAnswer> => {
    const { id, size } = request.params;
    const image = await avatars.read(principalOf(request).userId, id, size);
    if (!image) throw notFound();
    return {
      body: image,
      type: 'image/webp',
      fileName: 'avatar.webp',
      disposition: 'inline',
      cacheControl: AVATAR_CACHE_CONTROL,
      // The name is plain ASCII: it needs no RFC 5987 form.
      headers: { 'content-disposition': 'inline; filename="avatar.webp"' },
    };
  });
}
