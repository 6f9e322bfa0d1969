import { queryOptions } from '@tanstack/react-query';

import type { AvatarSize } from '#contract/avatars.ts';

import { fetchAvatarImage } from './avatar-requests.ts';
import { fetchBuyerProfile } from './requests.ts';

export const profileQueries = {
  all: () => ['buyer', 'profile'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'detail'] as const,
      queryFn: ({ signal }) => fetchBuyerProfile(signal),
      staleTime: 5 * 60_000,
    }),
  /** An avatar's image (a Blob, kept in memory only: an id's image never changes). */
  avatar: (fileId: string, size: AvatarSize) =>
    queryOptions({
      queryKey: ['avatars', fileId, size] as const,
      queryFn: ({ signal }) => fetchAvatarImage(fileId, size, signal),
      staleTime: Infinity,
      meta: { persist: false },
    }),
};
