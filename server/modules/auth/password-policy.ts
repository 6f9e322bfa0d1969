// The server's side of the one password policy (contract/password-policy.ts, decision 072):
// registration, password reset and password change all refuse a weak password through here.
import type { Violation } from '#contract/errors.ts';
import { PASSWORD_TOO_WEAK_MESSAGE, passwordStrength } from '#contract/password-policy.ts';

/** The violation on `path` when the password is too easy to guess, else null. */
export function weakPasswordViolation(
  password: string,
  path: string,
  personal: readonly string[],
): Violation | null {
  const strength = passwordStrength(password, personal);
  if (strength.isAcceptable) return null;
  return {
    path,
    message: PASSWORD_TOO_WEAK_MESSAGE,
    parameters: { score: strength.score, ...(strength.warning ? { hint: strength.warning } : {}) },
  };
}
