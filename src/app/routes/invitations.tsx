import { useNavigate, useParams } from 'react-router';

import { NoReferrer } from '#src/components/no-referrer.tsx';
import { paths } from '#src/config/paths.ts';
import { useSession, useSessionManager } from '#src/features/auth/session-context.tsx';
import {
  InvitationPage,
  type InvitationVisitor,
} from '#src/features/members/components/invitation-page.tsx';

import { loginPathFor } from '../route-guards.tsx';

/** The page an invitation's link opens, signed in or not (decision 203). */
export function Component() {
  const { token = '' } = useParams();
  const manager = useSessionManager();
  const session = useSession();
  const navigate = useNavigate();
  const visitor: InvitationVisitor = {
    signedInAs: session.status === 'signed-in' ? (session.claims?.username ?? '') : null,
    loginPath: loginPathFor(paths.invitation(token)),
    signIn: (tokens) => manager.signIn(tokens),
    signOut: () => void manager.logout(),
    onJoined: () => void navigate(paths.index, { replace: true }),
  };
  return (
    <>
      <NoReferrer />
      <InvitationPage key={token} token={token} visitor={visitor} />
    </>
  );
}
