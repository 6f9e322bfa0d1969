import { paths } from '#src/config/paths.ts';
import { RegistrationConfirmation } from '#src/features/auth/components/registration-confirmation.tsx';

import { TokenLinkPage } from '../token-link-page.tsx';

export function Component() {
  return (
    <TokenLinkPage
      page={RegistrationConfirmation}
      incomplete={{
        title: 'Confirm your registration',
        message: 'This confirmation link is incomplete. Open the link from the e-mail again.',
        action: { to: paths.login, label: 'Go to login' },
      }}
    />
  );
}
