import { useEffect, useState } from 'react';

import { Spinner } from '#src/components/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { checkPasswordResetLink } from '#src/features/auth/api/requests.ts';
import { AuthCard } from '#src/features/auth/components/auth-card.tsx';
import { IncompleteLink } from '#src/features/auth/components/incomplete-link.tsx';
import { ResetPasswordForm } from '#src/features/auth/components/reset-password-form.tsx';
import { ApiError } from '#src/lib/api-client.ts';

import { TokenLinkPage } from '../token-link-page.tsx';

const UNUSABLE_RESET_LINK_MESSAGE =
  'This reset link cannot be used: it has expired, was already used or is not complete. Ask for a new one: it works for one hour.';

export function Component() {
  return (
    <TokenLinkPage
      page={Page}
      incomplete={{
        title: 'Reset your password',
        message:
          'This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.',
        action: { to: paths.forgotPassword, label: 'Ask for a new link' },
      }}
    />
  );
}

type LinkState = 'checking' | 'usable' | 'refused';

/**
 * What the server says of the link when the page opens: the form shows only once it is known to
 * be usable, or when the check could not be made (offline): the change itself says so then.
 */
function useLinkState(token: string): LinkState {
  const [checked, setChecked] = useState<{ token: string; state: LinkState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    checkPasswordResetLink(token, controller.signal).then(
      () => setChecked({ token, state: 'usable' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const isRefused = error instanceof ApiError && error.status === 404;
        setChecked({ token, state: isRefused ? 'refused' : 'usable' });
      },
    );
    return () => controller.abort();
  }, [token]);
  return checked !== null && checked.token === token ? checked.state : 'checking';
}

function Page({ token }: { token: string }) {
  const state = useLinkState(token);
  if (state === 'checking') {
    return (
      <AuthCard title="Reset your password">
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-600">
          <Spinner />
          Checking your reset link…
        </p>
      </AuthCard>
    );
  }
  if (state === 'refused') {
    return (
      <IncompleteLink
        title="Reset your password"
        message={UNUSABLE_RESET_LINK_MESSAGE}
        action={{ to: paths.forgotPassword, label: 'Ask for a new link' }}
      />
    );
  }
  return <ResetPasswordForm token={token} />;
}
