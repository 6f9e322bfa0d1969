import { useEffect, useState } from 'react';
import { NoReferrer } from '#src/components/no-referrer.tsx';
import { paths } from '#src/config/paths.ts';
import { checkPasswordResetLink } from '#src/features/auth/api/requests.ts';
import { IncompleteLink } from '#src/features/auth/components/incomplete-link.tsx';
import { ResetPasswordForm } from '#src/features/auth/components/reset-password-form.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useLinkToken } from '../route-guards.tsx';

const EXPIRED_RESET_LINK_MESSAGE =
  'This reset link has expired or was already used. Ask for a new one: it works for one hour.';

export function Component() {
  return (
    <>
      <NoReferrer />
      <Page />
    </>
  );
}

/**
 * Whether the server refused the link when the page opened. The form shows meanwhile (the page's
 * markup is drawn before any request), and stays when the check could not be made: the change
 * itself says so then.
 */
function useIsLinkRefused(token: string | null): boolean {
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    checkPasswordResetLink(token, controller.signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) setRefused(token);
    });
    return () => controller.abort();
  }, [token]);
  return token !== null && refused === token;
}

function Page() {
  const token = useLinkToken();
  const isRefused = useIsLinkRefused(token);
  if (!token) {
    return (
      <IncompleteLink
        title="Reset your password"
        message="This reset link is incomplete. Open the link from the e-mail again, or ask for a new one."
        action={{ to: paths.forgotPassword, label: 'Ask for a new link' }}
      />
    );
  }
  if (isRefused) {
    return (
      <IncompleteLink
        title="Reset your password"
        message={EXPIRED_RESET_LINK_MESSAGE}
        action={{ to: paths.forgotPassword, label: 'Ask for a new link' }}
      />
    );
  }
  return <ResetPasswordForm token={token} />;
}
