import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Alert } from '#src/components/alert.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { paths } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { applyViolations, failureMessage, fieldBinder } from '#src/lib/form-errors.ts';
import { lazyZodResolver } from '#src/lib/lazy-schema-resolver.ts';

import { useRegisterMutation } from '../api/mutations.ts';
import type { RegisterFormValues } from '../form-schemas.ts';
import { AuthCard, AuthLink, AuthResult } from './auth-card.tsx';
import { AuthForm, NewPasswordFields } from './auth-form.tsx';

const schema = lazyZodResolver(() =>
  import('../form-schemas.ts').then((module) => module.RegisterFormSchema),
);

const FIELDS = ['email', 'password', 'first_name', 'last_name', 'company_name'] as const;
const fieldForPath = (path: string) =>
  (FIELDS as readonly string[]).includes(path) ? (path as (typeof FIELDS)[number]) : null;

export function RegisterForm() {
  const registerMutation = useRegisterMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<RegisterFormValues>({
    resolver: schema.resolver,
    // No default values: each field starts from the page's own input (decision 153), which may
    // hold what was typed or autofilled before the scripts ran; a default would overwrite it.
  });
  const { handleSubmit, setError } = form;
  const field = fieldBinder(form);

  const onSubmit = handleSubmit(async ({ password_confirmation: _confirmation, ...request }) => {
    setServerError(null);
    try {
      await registerMutation.mutateAsync(request);
      setSentTo(request.email);
    } catch (error) {
      const applied =
        error instanceof ApiError ? applyViolations(error.violations, setError, fieldForPath) : 0;
      if (!applied) setServerError(failureMessage(error));
    }
  });

  if (sentTo) {
    return (
      <AuthCard
        title="Check your inbox"
        subtitle={`We sent a confirmation link to ${sentTo}.`}
        footer={<AuthLink to={paths.login}>Back to login</AuthLink>}
      >
        <AuthResult>
          <Alert variant="success">
            Open the link in the e-mail to activate your account, then log in.
          </Alert>
        </AuthResult>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start buying placements on trusted publisher sites"
      footer={
        <>
          Already have an account? <AuthLink to={paths.login}>Log in</AuthLink>
        </>
      }
    >
      <AuthForm
        label="Register"
        onSubmit={onSubmit}
        warm={schema.warm}
        serverError={serverError}
        submitLabel="Create account"
        pending={registerMutation.isPending || form.formState.isSubmitting}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField label="Company name" autoComplete="organization" {...field('company_name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <NewPasswordFields
          password={{
            label: 'Password',
            description: 'At least 12 characters.',
            ...field('password'),
          }}
          confirmation={{ label: 'Confirm password', ...field('password_confirmation') }}
        />
        <p className="text-xs text-slate-500">
          By creating an account you accept the{' '}
          <AuthLink to={paths.termsAndConditions}>terms and conditions</AuthLink>.
        </p>
      </AuthForm>
    </AuthCard>
  );
}
