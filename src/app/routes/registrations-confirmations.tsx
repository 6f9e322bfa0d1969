import { useLoaderData } from 'react-router';
import { RegistrationConfirmation } from '#src/features/auth/components/registration-confirmation.tsx';

export function Component() {
  const { token } = useLoaderData<{ token: string }>();
  return <RegistrationConfirmation key={token} token={token} />;
}
