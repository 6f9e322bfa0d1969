import { useLoaderData } from 'react-router';
import { ResetPasswordForm } from '#src/features/auth/components/reset-password-form.tsx';

export function Component() {
  const { token } = useLoaderData<{ token: string }>();
  return <ResetPasswordForm token={token} />;
}
