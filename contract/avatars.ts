// Avatars (spec §3 "Buyer profile" avatar_file): the limits and messages an upload is judged by,
// shared by the API and the upload form.
import { z } from 'zod';

import { endpoint, fileResponse, multipart } from './endpoint.ts';
import { NoContentSchema } from './endpoint-schemas.ts';
import { OWN_ACCOUNT } from './permissions.ts';

/** Bytes an avatar upload may have; larger files are refused before they are read as images. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** Pixels (width × height) an avatar's header may declare; checked before any decoding. */
export const MAX_AVATAR_PIXELS = 40_000_000;
/** The longest side an avatar's header may declare. */
export const MAX_AVATAR_SIDE = 12_000;

/** The square sizes stored for every avatar, in pixels. */
export const AVATAR_SIZES = { small: 96, large: 384 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

export const AVATAR_TYPE_MESSAGE = 'The avatar must be a PNG, JPEG or WebP image.';
export const AVATAR_UNREADABLE_MESSAGE = 'The image could not be read.';
export const AVATAR_MARKUP_MESSAGE = 'The image contains markup or script and was refused.';
export const AVATAR_REQUIRED_MESSAGE = 'Choose an image.';

export function avatarTooManyPixelsMessage(width: number, height: number): string {
  return `The image is too large (${width} × ${height} pixels). Allowed maximum is ${MAX_AVATAR_PIXELS / 1_000_000} megapixels and ${MAX_AVATAR_SIDE} pixels a side.`;
}

/** The answer of PUT /v1/common/profiles/avatars: the new avatar's file. */
export const AvatarUploadedSchema = z.object({ avatar_file: z.object({ id: z.string() }) });
export type AvatarUploaded = z.infer<typeof AvatarUploadedSchema>;

/** The path parameters of an avatar image: its file and one of the stored sizes. */
export const AvatarParamsSchema = z.object({
  id: z.uuid(),
  size: z.enum(Object.keys(AVATAR_SIZES) as [AvatarSize, ...AvatarSize[]]),
});

const profile = { access: 'buyer', tags: ['Profile'] } as const;

export const avatarEndpoints = {
  upload: endpoint({
    ...profile,
    method: 'PUT',
    path: '/v1/common/profiles/avatars',
    permission: OWN_ACCOUNT,
    summary: "Replaces the signed-in user's avatar",
    description:
      'The image is judged by its content (PNG, JPEG or WebP; SVG and anything else refused), its header may declare at most 40 megapixels, and it is stored re-encoded as square WebP without metadata.',
    body: multipart(
      z.object({
        file: z
          .file()
          .describe(`The image: PNG, JPEG or WebP by content, at most ${MAX_AVATAR_BYTES} bytes`),
      }),
    ),
    status: 200,
    response: AvatarUploadedSchema,
    errors: [400, 401, 403, 413, 415],
  }),
  remove: endpoint({
    ...profile,
    method: 'DELETE',
    path: '/v1/common/profiles/avatars',
    permission: OWN_ACCOUNT,
    summary: "Removes the signed-in user's avatar",
    description: 'Answers 204 also when there was none.',
    status: 204,
    response: NoContentSchema,
    errors: [401, 403],
  }),
  image: endpoint({
    ...profile,
    method: 'GET',
    path: '/v1/common/profiles/avatars/{id}/{size}',
    permission: OWN_ACCOUNT,
    summary: "An avatar image: the caller's own or their sales or account manager's",
    description:
      'Answers image/webp, cached for a year (an avatar id never changes its image). Any other id answers 404, like a missing one.',
    params: AvatarParamsSchema,
    status: 200,
    response: fileResponse(['image/webp'], 'The avatar as a square WebP image'),
    errors: [400, 401, 403, 404],
  }),
};
