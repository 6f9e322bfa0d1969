import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { RegistrationRequestSchema } from '#contract/public-auth.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { paths } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { applyViolations } from '#src/utils/form-errors.ts';
import { useRegisterMutation } from '../api/mutations.ts';
import { AuthCard, authLinkClasses } from './auth-card.tsx';

const RegisterFormSchema = RegistrationRequestSchema.extend({
  password_confirmation: z.string().min(1, 'Required'),
}).refine((values) => values.password === values.password_confirmation, {
  path: ['password_confirmation'],
  message: 'The passwords do not match',
});
type RegisterFormValues = z.infer<typeof RegisterFormSchema>;

const FIELDS = ['email', 'password', 'first_name', 'last_name', 'company_name'] as const;
const fieldForPath = (path: string) =>
  (FIELDS as readonly string[]).includes(path) ? (path as (typeof FIELDS)[number]) : null;

export function RegisterForm() {
  const registerMutation = useRegisterMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFormValues>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      company_name: '',
      email: '',
      password: '',
      password_confirmation: '',
    },
  });

  const onSubmit = handleSubmit(async ({ password_confirmation: _confirmation, ...request }) => {
    setServerError(null);
    try {
      await registerMutation.mutateAsync(request);
      setSentTo(request.email);
    } catch (error) {
      const applied =
        error instanceof ApiError ? applyViolations(error.violations, setError, fieldForPath) : 0;
      if (!applied)
        setServerError(error instanceof Error ? error.message : 'Something went wrong.');
    }
  });

  if (sentTo) {
    return (
      <AuthCard
        title="Check your inbox"
        subtitle={`We sent a confirmation link to ${sentTo}.`}
        footer={
          <Link to={paths.login} className={authLinkClasses}>
            Back to login
          </Link>
        }
      >
        <Alert variant="success">
          Open the link in the e-mail to activate your account, then log in.
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start buying placements on trusted publisher sites"
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className={authLinkClasses}>
            Log in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Register">
        {serverError ? <Alert>{serverError}</Alert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </div>
        <TextField
          label="Company name"
          autoComplete="organization"
          error={errors.company_name?.message}
          {...register('company_name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          description="At least 12 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <p className="text-xs text-slate-500">
          By creating an account you accept the{' '}
          <Link to={paths.termsAndConditions} className={authLinkClasses}>
            terms and conditions
          </Link>
          .
        </p>
        <Button type="submit" className="w-full" size="lg" loading={registerMutation.isPending}>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
