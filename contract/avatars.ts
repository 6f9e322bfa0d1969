// Avatars (spec §3 "Buyer profile" avatar_file): the limits and messages an upload is judged by,
// shared by the API and the upload form.
import { z } from 'zod';

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

/** Where a signed-in user reads an avatar (relative to the API base). */
export function avatarPath(fileId: string, size: AvatarSize): string {
  return `/v1/common/profiles/avatars/${fileId}/${size}`;
}

/** The answer of PUT /v1/common/profiles/avatars: the new avatar's file. */
export const AvatarUploadedSchema = z.object({ avatar_file: z.object({ id: z.string() }) });
export type AvatarUploaded = z.infer<typeof AvatarUploadedSchema>;
