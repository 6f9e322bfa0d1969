import { useEffect, useState } from 'react';

import type { PasswordStrength, passwordStrength } from '#contract/password-policy.ts';

let policy: Promise<{ passwordStrength: typeof passwordStrength }> | null = null;

/**
 * The strength of a password being typed, judged by the same policy as the server's (decision
 * 072). The policy's word lists are loaded only when a password screen first asks (import()),
 * never with the app's first load; null until they have loaded or while the field is empty.
 */
export function usePasswordStrength(
  password: string,
  personal: readonly string[],
): PasswordStrength | null {
  const [judged, setJudged] = useState<{ password: string; strength: PasswordStrength } | null>(
    null,
  );
  const personalKey = personal.join('\n');

  useEffect(() => {
    if (!password) return;
    let isCurrent = true;
    policy ??= import('#contract/password-policy.ts');
    // Judged a moment after typing stops, so a long password is not estimated key by key.
    const timer = setTimeout(() => {
      void policy?.then((loaded) => {
        if (!isCurrent) return;
        setJudged({
          password,
          strength: loaded.passwordStrength(password, personalKey.split('\n')),
        });
      });
    }, 150);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [password, personalKey]);

  // The last judgement stays while the next one is worked out, so the meter does not flicker.
  return password && judged ? judged.strength : null;
}
