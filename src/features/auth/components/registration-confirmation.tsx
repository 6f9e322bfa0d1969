import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { Alert } from '#src/components/alert.tsx';
import { buttonClasses } from '#src/components/button.tsx';
import { LoadingState } from '#src/components/state-blocks.tsx';
import { paths } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';

import { useConfirmRegistrationMutation } from '../api/mutations.ts';
import { AuthCard, AuthLink } from './auth-card.tsx';

/** Confirms the e-mailed registration token as soon as the page opens. */
export function RegistrationConfirmation({ token }: { token: string }) {
  const confirmMutation = useConfirmRegistrationMutation();
  const { mutate } = confirmMutation;
  // A token is single-use: the ref keeps a re-run effect (Strict Mode) from posting it twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [mutate, token]);

  if (confirmMutation.isSuccess) {
    return (
      <AuthCard title="Registration confirmed" subtitle="Your account is active.">
        <Link to={paths.login} className={buttonClasses('primary', 'lg', 'w-full')}>
          Log in
        </Link>
      </AuthCard>
    );
  }

  if (confirmMutation.isError) {
    const error = confirmMutation.error;
    const message =
      error instanceof ApiError && error.status === 404
        ? 'This confirmation link is invalid or has already been used.'
        : error.message;
    return (
      <AuthCard
        title="Confirmation failed"
        footer={<AuthLink to={paths.login}>Go to login</AuthLink>}
      >
        <Alert>{message}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Confirming your registration">
      <LoadingState label="Confirming…" />
    </AuthCard>
  );
}
