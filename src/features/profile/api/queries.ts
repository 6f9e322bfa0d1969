import { queryOptions, useQuery } from '@tanstack/react-query';

import type { AvatarSize } from '#contract/avatars.ts';
import { type MemberRole, type Permission, roleCan } from '#contract/permissions.ts';
import type { Account } from '#contract/profile.ts';

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

/** The signed-in member's role in one company, and what it lets them do. */
export interface MemberRoleState {
  /** Null until the profile is read, or when it names no such company. */
  role: MemberRole | null;
  /** The company's id; null until the profile is read. */
  companyId: string | null;
  /** The member's own id, as orders name who placed them; null until the profile is read. */
  userId: string | null;
  /** Whether the role holds `permission`; until the role is known, as for a Buyer. */
  can: (permission: Permission) => boolean;
  /**
   * Whether the profile was read, or cannot be for now (refused, or offline with no copy on this
   * device): until then, a null `role` is only not known yet.
   */
  isSettled: boolean;
}

/**
 * The member's role from the profile's accounts (decision 203): in the company `companyId` names,
 * which an order or a live link belongs to, or else in the current company. It reads the profile
 * the navigation loads and never asks for it itself. The server decides; the screens only avoid
 * offering what it would refuse.
 */
export function useMemberRole(companyId?: string): MemberRoleState {
  const profile = useQuery({ ...profileQueries.detail(), enabled: false });
  const accounts = profile.data?.accounts ?? [];
  const account =
    accounts.find((candidate) =>
      companyId === undefined ? candidate.is_current : candidate.company.id === companyId,
    ) ?? null;
  const role = account?.role ?? null;
  return {
    role,
    companyId: companyId ?? account?.company.id ?? null,
    userId: profile.data?.id ?? null,
    can: (permission) => roleCan(role ?? 'buyer', permission),
    isSettled: profile.status !== 'pending' || profile.fetchStatus === 'paused',
  };
}

/** The member's company accounts, as the navigation's profile lists them; empty until it is read. */
export function useMemberAccounts(): readonly Account[] {
  const profile = useQuery({ ...profileQueries.detail(), enabled: false });
  return profile.data?.accounts ?? NO_ACCOUNTS;
}
const NO_ACCOUNTS: readonly Account[] = [];

/**
 * Whether the member sees order prices in at least one of their company accounts (decision 206):
 * not a Viewer of companies that all hide prices from Viewers. Until the profile is read, and for
 * a profile saved before it said so, as if they do: the server leaves the amounts out anyway.
 */
export function useSeesOrderPrices(): boolean {
  const accounts = useMemberAccounts();
  return accounts.length === 0 || accounts.some((account) => account.sees_prices !== false);
}
