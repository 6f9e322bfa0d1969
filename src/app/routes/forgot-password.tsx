import { ForgotPasswordForm } from '#src/features/auth/components/forgot-password-form.tsx';

export function Component() {
  return <ForgotPasswordForm />;
}
