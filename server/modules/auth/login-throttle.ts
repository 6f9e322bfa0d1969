// Throttling of failed logins, per account (the e-mail tried) and per client address. Failures
// are rows in the database so every API process sees the same counts; the window slides, and a
// blocked caller learns from Retry-After when the oldest counted failure leaves the window.
// An attempt is admitted before its password is checked (decision 197): it counts as a failure
// from the start and stops counting when the password was right, so a burst of parallel attempts
// on any number of processes has exactly the limit's number of passwords checked.
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';

import {
  admitAttempt,
  countFailures,
  deleteAttempt,
  deleteFailures,
  deleteFailuresUpTo,
} from './login-failures.repository.ts';

export interface LoginLimits {
  /** Failures per account within the window before logins to it are refused. */
  accountFailures: number;
  /** Failures per client address within the window before its logins are refused. */
  addressFailures: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  accountFailures: 5,
  addressFailures: 30,
  windowSeconds: 15 * 60,
};

export interface LoginAttempt {
  account: string;
  address: string;
}

/** An attempt that may check its password; it counts as a failure until `passed` is called. */
export interface AdmittedAttempt {
  retryAfter: null;
  /** The password was right: the attempt stops counting as a failure. */
  passed(): Promise<void>;
  /**
   * The password was wrong: how many more failures the account is allowed before its sign-in is
   * paused (0: it is paused now), and for how many minutes the pause lasts.
   */
  failed(): Promise<{ failuresLeft: number; pauseMinutes: number }>;
}

/** An attempt refused before its password is checked; nothing was counted. */
export interface RefusedAttempt {
  /** Seconds until a login may be tried again. */
  retryAfter: number;
}

export interface LoginThrottle {
  admit(attempt: LoginAttempt): Promise<AdmittedAttempt | RefusedAttempt>;
  clearAccount(account: string): Promise<void>;
}

export function createLoginThrottle(db: Database, now: Clock, limits: LoginLimits): LoginThrottle {
  const windowMs = limits.windowSeconds * 1000;

  return {
    admit: async ({ account, address }) => {
      const at = now();
      await deleteFailuresUpTo(db, new Date(at.getTime() - windowMs));
      const admission = await admitAttempt(db, {
        subjects: [
          { scope: 'account', subject: account, limit: limits.accountFailures },
          { scope: 'address', subject: address, limit: limits.addressFailures },
        ],
        now: at,
        windowMs,
      });
      if (admission.ids === null) {
        return { retryAfter: Math.max(1, Math.ceil(admission.waitMs / 1000)) };
      }
      const { ids } = admission;
      return {
        retryAfter: null,
        passed: () => deleteAttempt(db, ids),
        failed: async () => {
          const failures = await countFailures(db, {
            scope: 'account',
            subject: account,
            now: at,
            windowMs,
          });
          return {
            failuresLeft: Math.max(0, limits.accountFailures - failures),
            pauseMinutes: Math.ceil(limits.windowSeconds / 60),
          };
        },
      };
    },
    clearAccount: (account) => deleteFailures(db, 'account', account),
  };
}
