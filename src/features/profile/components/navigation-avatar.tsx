import { useQuery } from '@tanstack/react-query';
import { profileQueries } from '../api/queries.ts';
import { PersonAvatar } from './person-avatar.tsx';

/** The signed-in buyer's avatar (or initials) for the top navigation; nothing until it loads. */
export function NavigationAvatar() {
  const profile = useQuery(profileQueries.detail());
  if (!profile.data) return null;
  return <PersonAvatar person={profile.data} size="sm" />;
}
