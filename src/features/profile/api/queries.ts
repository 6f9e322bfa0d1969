import { queryOptions, useQuery } from '@tanstack/react-query';

import type { AvatarSize } from '#contract/avatars.ts';
import { type MemberRole, type Permission, roleCan } from '#contract/permissions.ts';

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

/** The signed-in member's role in the current company, and what it lets them do. */
export interface MemberRoleState {
  /** Null until the profile is read. */
  role: MemberRole | null;
  /** The current company's id; null until the profile is read. */
  companyId: string | null;
  /** The member's own id, as orders name who placed them; null until the profile is read. */
  userId: string | null;
  /** Whether the role holds `permission`; until the role is known, as for a Buyer. */
  can: (permission: Permission) => boolean;
}

/**
 * The current company's role from the profile's accounts (decision 203). It reads the profile the
 * navigation loads and never asks for it itself. The server decides; the screens only avoid
 * offering what it would refuse.
 */
export function useMemberRole(): MemberRoleState {
  const profile = useQuery({ ...profileQueries.detail(), enabled: false });
  const current = profile.data?.accounts.find((account) => account.is_current) ?? null;
  const role = current?.role ?? null;
  return {
    role,
    companyId: current?.company.id ?? null,
    userId: profile.data?.id ?? null,
    can: (permission) => roleCan(role ?? 'buyer', permission),
  };
}
