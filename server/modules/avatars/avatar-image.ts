// Judging and re-encoding an uploaded avatar (decision 075). An image is accepted by its content
// only: its first bytes must be a PNG, JPEG or WebP signature and sharp must read the same format
// from its header; the name and the declared type are never looked at. The header's dimensions are
// checked before anything is decoded, so a small file declaring a huge image (a pixel flood) is
// refused without allocating its pixels. What is stored is always sharp's own square WebP output,
// which carries no metadata (EXIF, GPS, XMP, ICC) and nothing else of the uploaded bytes.
import sharp from 'sharp';

import {
  AVATAR_MARKUP_MESSAGE,
  AVATAR_SIZES,
  AVATAR_TYPE_MESSAGE,
  AVATAR_UNREADABLE_MESSAGE,
  type AvatarSize,
  avatarTooManyPixelsMessage,
  MAX_AVATAR_PIXELS,
  MAX_AVATAR_SIDE,
} from '#contract/avatars.ts';
import { ApiError } from '#server/http/api-error.ts';

export type AvatarFormat = 'png' | 'jpeg' | 'webp';

/** The image format its first bytes announce, or null. */
export function detectImageFormat(bytes: Buffer): AvatarFormat | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * Markup a browser would run if the bytes were ever taken for a document: an image that is also
 * an HTML or SVG page (a polyglot) is refused outright rather than only neutralised by
 * re-encoding. Seven or more exact bytes occur in compressed pixel data by chance with
 * negligible probability.
 */
const MARKUP = /<(script|html|svg|iframe|object|embed|body|!doctype)[\s>/]|<\?php|javascript:/i;

export function containsMarkup(bytes: Buffer): boolean {
  return MARKUP.test(bytes.toString('latin1'));
}

function refused(message: string, parameters?: Record<string, unknown>): ApiError {
  return new ApiError(400, message, {
    violations: [{ path: 'file', message, ...(parameters ? { parameters } : {}) }],
  });
}

export type AvatarImages = Record<AvatarSize, Buffer>;

/** Checks the upload and answers the stored sizes; a refusal is a 400 with a violation on `file`. */
export async function processAvatar(bytes: Buffer): Promise<AvatarImages> {
  const format = detectImageFormat(bytes);
  if (!format) throw refused(AVATAR_TYPE_MESSAGE);
  if (containsMarkup(bytes)) throw refused(AVATAR_MARKUP_MESSAGE);
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // Reads the header only; sharp's own pixel limit is lifted here so that the answer can name
    // the declared size, and applies again (as ours) to the decoding below.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refused(AVATAR_UNREADABLE_MESSAGE);
  }
  if (metadata.format !== format) throw refused(AVATAR_TYPE_MESSAGE);
  const { width, height } = metadata;
  if (!width || !height) throw refused(AVATAR_UNREADABLE_MESSAGE);
  if (width > MAX_AVATAR_SIDE || height > MAX_AVATAR_SIDE || width * height > MAX_AVATAR_PIXELS) {
    throw refused(avatarTooManyPixelsMessage(width, height), {
      width,
      height,
      max_pixels: MAX_AVATAR_PIXELS,
      max_side: MAX_AVATAR_SIDE,
    });
  }
  const encode = (size: number) =>
    sharp(bytes, { limitInputPixels: MAX_AVATAR_PIXELS, failOn: 'error', pages: 1 })
      // Turned upright by its EXIF orientation before the metadata is dropped.
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  try {
    const [small, large] = await Promise.all([
      encode(AVATAR_SIZES.small),
      encode(AVATAR_SIZES.large),
    ]);
    return { small, large };
  } catch {
    throw refused(AVATAR_UNREADABLE_MESSAGE);
  }
}
