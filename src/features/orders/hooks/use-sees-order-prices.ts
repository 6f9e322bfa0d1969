import { useQuery } from '@tanstack/react-query';

import { profileQueries } from '#src/features/profile/api/queries.ts';

/**
 * Whether the member sees order prices in at least one of their company accounts (decision 206):
 * not a Viewer of companies that all hide prices from Viewers. Until the profile is read, and for
 * a profile saved before it said so, as if they do: the server leaves the amounts out anyway.
 */
export function useSeesOrderPrices(): boolean {
  const profile = useQuery({ ...profileQueries.detail(), enabled: false });
  const accounts = profile.data?.accounts ?? [];
  return accounts.length === 0 || accounts.some((account) => account.sees_prices !== false);
}
