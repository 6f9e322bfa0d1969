import { NoReferrer } from '#src/components/no-referrer.tsx';
import { paths } from '#src/config/paths.ts';
import { IncompleteLink } from '#src/features/auth/components/incomplete-link.tsx';
import { RegistrationConfirmation } from '#src/features/auth/components/registration-confirmation.tsx';
import { useLinkToken } from '../route-guards.tsx';

export function Component() {
  return (
    <>
      <NoReferrer />
      <Page />
    </>
  );
}

function Page() {
  const token = useLinkToken();
  if (!token) {
    return (
      <IncompleteLink
        title="Confirm your registration"
        message="This confirmation link is incomplete. Open the link from the e-mail again."
        action={{ to: paths.login, label: 'Go to login' }}
      />
    );
  }
  return <RegistrationConfirmation key={token} token={token} />;
}
