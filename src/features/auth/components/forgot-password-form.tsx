import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordResetRequestSchema, type PasswordResetRequest } from '#contract/public-auth.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { paths } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { useRequestPasswordResetMutation } from '../api/mutations.ts';
import { AuthCard, authLinkClasses } from './auth-card.tsx';

export const RESET_LINK_SENT_TEXT = 'If an account exists for that e-mail, we sent a link';

export function ForgotPasswordForm() {
  const resetMutation = useRequestPasswordResetMutation();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await resetMutation.mutateAsync(values);
      setSent(true);
    } catch (error) {
      // Only a refusal to process (rate limit, invalid input, outage) is shown; whether the
      // address is known is never revealed.
      setServerError(
        error instanceof ApiError || error instanceof Error
          ? error.message
          : 'Something went wrong.',
      );
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail and we will send you a link to choose a new one."
      footer={
        <Link to={paths.login} className={authLinkClasses}>
          Back to login
        </Link>
      }
    >
      {sent ? (
        <Alert variant="success">{RESET_LINK_SENT_TEXT}.</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Reset password">
          {serverError ? <Alert>{serverError}</Alert> : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" className="w-full" size="lg" loading={resetMutation.isPending}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
