import { useNavigate, useSearchParams } from 'react-router';

import { paths, REDIRECT_PARAM } from '#src/config/paths.ts';
import { LoginForm } from '#src/features/auth/components/login-form.tsx';
import { safeRedirectPath } from '#src/utils/redirect.ts';

export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get(REDIRECT_PARAM)) ?? paths.index;
  return <LoginForm onSignedIn={() => void navigate(target, { replace: true })} />;
}
