import { useQuery } from '@tanstack/react-query';

import type { AvatarSize } from '#contract/avatars.ts';

import { profileQueries } from '../api/queries.ts';

/**
 * One object URL per avatar image, kept while the page lives: avatars are few and small, and a
 * URL revoked while another component still shows it would break that picture.
 */
const urls = new WeakMap<Blob, string>();

function urlOf(blob: Blob): string {
  let url = urls.get(blob);
  if (!url) {
    url = URL.createObjectURL(blob);
    urls.set(blob, url);
  }
  return url;
}

/** An object URL of the avatar's image; null without one or until it loads. */
export function useAvatarUrl(fileId: string | null | undefined, size: AvatarSize): string | null {
  const image = useQuery({
    ...profileQueries.avatar(fileId ?? '', size),
    enabled: Boolean(fileId),
  });
  return fileId && image.data ? urlOf(image.data) : null;
}
