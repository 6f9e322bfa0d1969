import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { paths } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { applyViolations } from '#src/utils/form-errors.ts';
import { useLoginMutation } from '../api/mutations.ts';
import { AuthCard, authLinkClasses } from './auth-card.tsx';

const LoginFormSchema = z.object({
  email: z.string().trim().min(1, 'Required').pipe(z.email('Invalid email')),
  password: z.string().min(1, 'Required'),
});
type LoginFormValues = z.infer<typeof LoginFormSchema>;

const fieldForPath = (path: string): keyof LoginFormValues | null =>
  path === 'username' || path === 'email' ? 'email' : path === 'password' ? 'password' : null;

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const loginMutation = useLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      await loginMutation.mutateAsync({ username: email, password });
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiError) applyViolations(error.violations, setError, fieldForPath);
      setServerError(error instanceof Error ? error.message : 'Something went wrong.');
    }
  });

  return (
    <AuthCard
      title="Login to dashboard"
      subtitle="Welcome back"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.register} className={authLinkClasses}>
            Create one
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Login">
        {serverError ? <Alert>{serverError}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="space-y-1.5">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <div className="text-right text-sm">
            <Link to={paths.forgotPassword} className={authLinkClasses}>
              Forgot password?
            </Link>
          </div>
        </div>
        <Button type="submit" className="w-full" size="lg" loading={loginMutation.isPending}>
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
