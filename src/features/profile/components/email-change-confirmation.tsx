import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { Alert } from '#src/components/alert.tsx';
import { buttonClasses } from '#src/components/button.tsx';
import { Card } from '#src/components/card.tsx';
import { LoadingState } from '#src/components/state-blocks.tsx';
import { ApiError } from '#src/lib/api-client.ts';

import { useConfirmEmailChangeMutation } from '../api/settings-mutations.ts';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="space-y-5 p-6 sm:p-8">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children}
    </Card>
  );
}

/** Opens the link mailed to a new address: confirms it at once and says what happened. */
export function EmailChangeConfirmation({
  token,
  continueTo,
  continueLabel,
}: {
  token: string | null;
  continueTo: string;
  continueLabel: string;
}) {
  const mutation = useConfirmEmailChangeMutation();
  const { mutate } = mutation;
  // A token is single-use: the ref keeps a re-run effect (Strict Mode) from posting it twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [mutate, token]);

  const next = (
    <Link to={continueTo} className={buttonClasses('primary', 'lg', 'w-full')}>
      {continueLabel}
    </Link>
  );

  if (!token) {
    return (
      <Panel title="E-mail change not confirmed">
        <Alert>This link is incomplete. Open the link from the e-mail again.</Alert>
        {next}
      </Panel>
    );
  }
  if (mutation.isSuccess) {
    return (
      <Panel title="E-mail address changed">
        <p className="text-sm text-slate-600">
          Your account now uses{' '}
          <span className="font-medium break-all text-slate-900">{mutation.data.email}</span>. Sign
          in with it from now on.
        </p>
        {next}
      </Panel>
    );
  }
  if (mutation.isError) {
    const error = mutation.error;
    const message =
      error instanceof ApiError && error.status === 404
        ? 'This link is invalid, has expired or has already been used. Ask for a new one on your profile.'
        : error.message;
    return (
      <Panel title="E-mail change not confirmed">
        <Alert>{message}</Alert>
        {next}
      </Panel>
    );
  }
  return (
    <Panel title="Confirming your new e-mail address">
      <LoadingState label="Confirming…" />
    </Panel>
  );
}
