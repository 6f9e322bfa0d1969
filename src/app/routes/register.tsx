import { RegisterForm } from '#src/features/auth/components/register-form.tsx';

export function Component() {
  return <RegisterForm />;
}
