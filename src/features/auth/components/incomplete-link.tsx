import { Link } from 'react-router';

import { Alert } from '#src/components/alert.tsx';
import { buttonClasses } from '#src/components/button.tsx';

import { AuthCard } from './auth-card.tsx';

/** A page of an e-mailed link opened without its token: what happened and the way forward. */
export function IncompleteLink({
  title,
  message,
  action,
}: {
  title: string;
  message: string;
  action: { to: string; label: string };
}) {
  return (
    <AuthCard title={title}>
      <Alert>{message}</Alert>
      <Link to={action.to} className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
        {action.label}
      </Link>
    </AuthCard>
  );
}
