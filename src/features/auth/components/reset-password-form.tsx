import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { NewPasswordSchema } from '#contract/public-auth.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button, buttonClasses } from '#src/components/button.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { paths } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { applyViolations } from '#src/utils/form-errors.ts';
import { useCompletePasswordResetMutation } from '../api/mutations.ts';
import { AuthCard, authLinkClasses } from './auth-card.tsx';

const ResetFormSchema = z
  .object({ password: NewPasswordSchema, password_confirmation: z.string().min(1, 'Required') })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });
type ResetFormValues = z.infer<typeof ResetFormSchema>;

export function ResetPasswordForm({ token }: { token: string }) {
  const resetMutation = useCompletePasswordResetMutation();
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetFormValues>({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

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
      if (!applied)
        setServerError(error instanceof Error ? error.message : 'Something went wrong.');
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
      footer={
        <Link to={paths.forgotPassword} className={authLinkClasses}>
          Request a new link
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="New password">
        {serverError ? <Alert>{serverError}</Alert> : null}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <Button type="submit" className="w-full" size="lg" loading={resetMutation.isPending}>
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}
