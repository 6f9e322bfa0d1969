import { useQuery } from '@tanstack/react-query';

import { profileQueries } from '../api/queries.ts';
import { PersonAvatar } from './person-avatar.tsx';

/**
 * The signed-in buyer's avatar (or initials) for the top navigation; nothing until the profile
 * has loaded, and nothing for a user without the buyer area (`isEnabled` false).
 */
export function NavigationAvatar({ isEnabled }: { isEnabled: boolean }) {
  const profile = useQuery({ ...profileQueries.detail(), enabled: isEnabled });
  if (!isEnabled || !profile.data) return null;
  return <PersonAvatar person={profile.data} size="sm" />;
}
