import { useSearchParams } from 'react-router';
import { NoReferrer } from '#src/components/no-referrer.tsx';
import { paths } from '#src/config/paths.ts';
import { useSession } from '#src/features/auth/session-context.tsx';
import { EmailChangeConfirmation } from '#src/features/profile/components/email-change-confirmation.tsx';

/** The page the link mailed to a new address opens; signed in or not (decision 071). */
export function Component() {
  return (
    <>
      <NoReferrer />
      <Page />
    </>
  );
}

function Page() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const isSignedIn = useSession().status === 'signed-in';
  return (
    <EmailChangeConfirmation
      key={token}
      token={token}
      continueTo={isSignedIn ? paths.profile : paths.login}
      continueLabel={isSignedIn ? 'Go to your profile' : 'Log in'}
    />
  );
}
