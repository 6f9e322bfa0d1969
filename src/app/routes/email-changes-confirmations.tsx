import { paths } from '#src/config/paths.ts';
import { useSession } from '#src/features/auth/session-context.tsx';
import { EmailChangeConfirmation } from '#src/features/profile/components/email-change-confirmation.tsx';

import { TokenLinkPage } from '../token-link-page.tsx';

/** The page the link mailed to a new address opens; signed in or not (decision 071). */
export function Component() {
  return <TokenLinkPage page={Page} />;
}

function Page({ token }: { token: string | null }) {
  const isSignedIn = useSession().status === 'signed-in';
  return (
    <EmailChangeConfirmation
      token={token}
      continueTo={isSignedIn ? paths.profile : paths.login}
      continueLabel={isSignedIn ? 'Go to your profile' : 'Log in'}
    />
  );
}
