import { useState } from 'react';
import { useForm } from 'react-hook-form';

import type { PasswordResetRequest } from '#contract/public-auth.ts';
import { Alert } from '#src/components/alert.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { paths } from '#src/config/paths.ts';
import { failureMessage, fieldBinder } from '#src/lib/form-errors.ts';
import { lazyZodResolver } from '#src/lib/lazy-schema-resolver.ts';

import { useRequestPasswordResetMutation } from '../api/mutations.ts';
import { AuthCard, AuthLink, AuthResult } from './auth-card.tsx';
import { AuthForm } from './auth-form.tsx';

export const RESET_LINK_SENT_TEXT = 'If an account exists for that e-mail, we sent a link';

const schema = lazyZodResolver(() =>
  import('../form-schemas.ts').then((module) => module.PasswordResetRequestSchema),
);

export function ForgotPasswordForm() {
  const resetMutation = useRequestPasswordResetMutation();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PasswordResetRequest>({
    resolver: schema.resolver,
    // No default values: each field starts from the page's own input (decision 153), which may
    // hold what was typed or autofilled before the scripts ran; a default would overwrite it.
  });
  const field = fieldBinder(form);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await resetMutation.mutateAsync(values);
      setSent(true);
    } catch (error) {
      // Only a refusal to process (rate limit, invalid input, outage) is shown; whether the
      // address is known is never revealed.
      setServerError(failureMessage(error));
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail and we will send you a link to choose a new one."
      footer={<AuthLink to={paths.login}>Back to login</AuthLink>}
    >
      {sent ? (
        <AuthResult>
          <Alert variant="success">{RESET_LINK_SENT_TEXT}.</Alert>
        </AuthResult>
      ) : (
        <AuthForm
          label="Reset password"
          onSubmit={onSubmit}
          warm={schema.warm}
          serverError={serverError}
          submitLabel="Send reset link"
          pending={resetMutation.isPending || form.formState.isSubmitting}
        >
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
