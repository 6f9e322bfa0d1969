import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { TextField } from '#src/components/text-field.tsx';
import { paths } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { applyViolations, failureMessage, fieldBinder } from '#src/lib/form-errors.ts';
import { lazyZodResolver } from '#src/lib/lazy-schema-resolver.ts';

import { useLoginMutation } from '../api/mutations.ts';
import type { LoginFormValues } from '../login-schema.ts';
import { AuthCard, AuthLink } from './auth-card.tsx';
import { AuthForm, PasswordField } from './auth-form.tsx';

const schema = lazyZodResolver(() =>
  import('../login-schema.ts').then((module) => module.LoginFormSchema),
);

const fieldForPath = (path: string): keyof LoginFormValues | null =>
  path === 'username' || path === 'email' ? 'email' : path === 'password' ? 'password' : null;

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const loginMutation = useLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<LoginFormValues>({
    resolver: schema.resolver,
    // No default values: each field starts from the page's own input (decision 153), which may
    // hold what was typed or autofilled before the scripts ran; a default would overwrite it.
  });
  const { handleSubmit, setError } = form;
  const field = fieldBinder(form);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      await loginMutation.mutateAsync({ username: email, password });
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiError) applyViolations(error.violations, setError, fieldForPath);
      setServerError(failureMessage(error));
    }
  });

  return (
    <AuthCard
      title="Login to dashboard"
      subtitle="Welcome back"
      footer={
        <>
          Don&apos;t have an account? <AuthLink to={paths.register}>Create one</AuthLink>
        </>
      }
    >
      <AuthForm
        label="Login"
        onSubmit={onSubmit}
        warm={schema.warm}
        serverError={serverError}
        submitLabel="Log in"
        pending={loginMutation.isPending || form.formState.isSubmitting}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          {...field('email')}
        />
        <div className="space-y-1.5">
          <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
          <div className="text-right text-sm">
            <AuthLink to={paths.forgotPassword}>Forgot password?</AuthLink>
          </div>
        </div>
      </AuthForm>
    </AuthCard>
  );
}
