import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

import { buttonClasses } from '#src/components/button.tsx';
import { paths } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { applyViolations, failureMessage, fieldBinder } from '#src/lib/form-errors.ts';
import { lazyZodResolver } from '#src/lib/lazy-schema-resolver.ts';

import { useCompletePasswordResetMutation } from '../api/mutations.ts';
import type { ResetFormValues } from '../form-schemas.ts';
import { AuthCard, AuthLink } from './auth-card.tsx';
import { AuthForm, NewPasswordFields } from './auth-form.tsx';

const schema = lazyZodResolver(() =>
  import('../form-schemas.ts').then((module) => module.ResetFormSchema),
);

export function ResetPasswordForm({ token }: { token: string }) {
  const resetMutation = useCompletePasswordResetMutation();
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ResetFormValues>({
    resolver: schema.resolver,
    defaultValues: { password: '', password_confirmation: '' },
  });
  const { handleSubmit, setError } = form;
  const field = fieldBinder(form);

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await resetMutation.mutateAsync({ token, password });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setServerError('This reset link is invalid or has expired. Request a new one.');
        return;
      }
      const applied =
        error instanceof ApiError
          ? applyViolations(error.violations, setError, (path) =>
              path === 'password' ? 'password' : null,
            )
          : 0;
      if (!applied) setServerError(failureMessage(error));
    }
  });

  if (done) {
    return (
      <AuthCard title="Password changed" subtitle="You can now log in with your new password.">
        <Link to={paths.login} className={buttonClasses('primary', 'lg', 'w-full')}>
          Go to login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Use at least 12 characters."
      footer={<AuthLink to={paths.forgotPassword}>Request a new link</AuthLink>}
    >
      <AuthForm
        label="New password"
        onSubmit={onSubmit}
        warm={schema.warm}
        serverError={serverError}
        submitLabel="Change password"
        pending={resetMutation.isPending || form.formState.isSubmitting}
      >
        <NewPasswordFields
          password={{ label: 'New password', ...field('password') }}
          confirmation={{ label: 'Confirm new password', ...field('password_confirmation') }}
        />
      </AuthForm>
    </AuthCard>
  );
}
