// Throttling of failed logins, per account (the e-mail tried) and per client address. Failures
// are rows in the database so every API process sees the same counts; the window slides, and a
// blocked caller learns from Retry-After when the oldest counted failure leaves the window.
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';

import {
  deleteFailures,
  deleteFailuresUpTo,
  failuresBlockUntil,
  type FailureScope,
  insertFailures,
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

export interface LoginThrottle {
  /** Seconds until a login may be tried again, or null when it may be tried now. */
  retryAfter(attempt: LoginAttempt): Promise<number | null>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  clearAccount(account: string): Promise<void>;
}

export function createLoginThrottle(db: Database, now: Clock, limits: LoginLimits): LoginThrottle {
  const windowMs = limits.windowSeconds * 1000;

  const blockedUntil = (scope: FailureScope, subject: string, limit: number) =>
    failuresBlockUntil(db, { scope, subject, limit, now: now(), windowMs });

  return {
    retryAfter: async ({ account, address }) => {
      const until = Math.max(
        await blockedUntil('account', account, limits.accountFailures),
        await blockedUntil('address', address, limits.addressFailures),
      );
      const waitMs = until - now().getTime();
      return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : null;
    },
    recordFailure: async ({ account, address }) => {
      const failedAt = now();
      await deleteFailuresUpTo(db, new Date(failedAt.getTime() - windowMs));
      await insertFailures(db, [
        { scope: 'account', subject: account, failedAt },
        { scope: 'address', subject: address, failedAt },
      ]);
    },
    clearAccount: (account) => deleteFailures(db, 'account', account),
  };
}
