import { NoReferrer } from '#src/components/no-referrer.tsx';
import { paths } from '#src/config/paths.ts';
import { IncompleteLink } from '#src/features/auth/components/incomplete-link.tsx';
import { ResetPasswordForm } from '#src/features/auth/components/reset-password-form.tsx';
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
        title="Reset your password"
        message="This reset link is incomplete. Open the link from the e-mail again, or ask for a new one."
        action={{ to: paths.forgotPassword, label: 'Ask for a new link' }}
      />
    );
  }
  return <ResetPasswordForm token={token} />;
}
