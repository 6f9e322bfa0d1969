import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

import { useSession } from '#src/features/auth/session-context.tsx';
import { buildSignedInUser, type SignedInUser } from '#src/features/auth/user.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { getDeveloperSettings, subscribeToDeveloperSettings } from '#src/lib/developer-settings.ts';

/** The signed-in user (spec §3): token claims joined with the buyer profile once it has loaded. */
export function useCurrentUser(): SignedInUser | null {
  const session = useSession();
  const settings = useSyncExternalStore(
    subscribeToDeveloperSettings,
    getDeveloperSettings,
    getDeveloperSettings,
  );
  const profile = useQuery({ ...profileQueries.detail(), enabled: session.isBuyer });
  if (session.status !== 'signed-in' || !session.claims) return null;
  return buildSignedInUser(session.claims, profile.data, settings);
}
