// Sign-in and session renewal (spec §7 "Authentication"). A login opens a refresh-token family;
// each refresh rotates the token. Presenting a token twice means it was stolen or replayed, so
// the whole family is revoked. A family ends 30 days after its login whatever the rotation.
import { randomUUID } from 'node:crypto';

import type { AuthResponse } from '#contract/auth.ts';
import { REFRESH_TOKEN_TTL_DAYS } from '#contract/constants.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { tooManyRequests, unauthorized } from '#server/http/api-error.ts';

import type { AccessTokens } from './access-tokens.ts';
import {
  claimRefreshToken,
  type Credentials,
  deleteExpiredSessions,
  findCredentialsByEmail,
  findCredentialsById,
  findRefreshTokenByHash,
  insertRefreshToken,
  insertSession,
  revokeRefreshTokenFamily,
  revokeUserRefreshTokens,
  revokeUserRefreshTokensExcept,
  touchSession,
} from './auth.repository.ts';
import { deleteFailures } from './login-failures.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { generateSecretToken, hashSecretToken } from './secret-tokens.ts';
import { deviceOf, maskedAddress } from './session-labels.ts';

// What the rest of the server uses of authentication: hashing a new password, one-time tokens
// for mails, access tokens and the messages of a missing or rejected one, the login limits.
export type { AccessTokens, Principal } from './access-tokens.ts';
export { TOKEN_INVALID_MESSAGE, TOKEN_MISSING_MESSAGE } from './access-tokens.ts';
export type { LoginLimits, LoginThrottle } from './login-throttle.ts';
export { weakPasswordViolation } from './password-policy.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { generateSecretToken, hashSecretToken } from './secret-tokens.ts';

/**
 * After a password reset: every session of the user ends, and the failed logins of the account
 * stop counting against it. Runs in the caller's transaction.
 */
export async function endSessionsAfterPasswordReset(
  tx: Database,
  { userId, email, at }: { userId: string; email: string | null; at: Date },
): Promise<void> {
  await revokeUserRefreshTokens(tx, userId, at);
  if (email) await deleteFailures(tx, 'account', email);
}

/**
 * After a password change: every session of the user except the one that changed it (its
 * refresh-token family; all of them when it has none) ends, and failed logins stop counting.
 */
export async function endOtherSessionsAfterPasswordChange(
  tx: Database,
  {
    userId,
    email,
    keepFamilyId,
    at,
  }: { userId: string; email: string; keepFamilyId: string | null; at: Date },
): Promise<void> {
  if (keepFamilyId) await revokeUserRefreshTokensExcept(tx, userId, keepFamilyId, at);
  else await revokeUserRefreshTokens(tx, userId, at);
  await deleteFailures(tx, 'account', email);
}

/**
 * After an e-mail change: every session of the user ends except the one that opened the link,
 * when it was opened signed in as that user (`keepFamilyId`). Runs in the caller's transaction.
 */
export async function endOtherSessionsAfterEmailChange(
  tx: Database,
  { userId, keepFamilyId, at }: { userId: string; keepFamilyId: string | null; at: Date },
): Promise<void> {
  if (keepFamilyId) await revokeUserRefreshTokensExcept(tx, userId, keepFamilyId, at);
  else await revokeUserRefreshTokens(tx, userId, at);
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials.';

/**
 * "Invalid credentials.", with a warning once one failure is left before the account's sign-in
 * is paused, and the pause once it has begun. Counted per e-mail tried, known or not, so it says
 * nothing about whether an account exists.
 */
export function invalidCredentialsMessage({
  failuresLeft,
  pauseMinutes,
}: {
  failuresLeft: number;
  pauseMinutes: number;
}): string {
  if (failuresLeft === 1) {
    return `${INVALID_CREDENTIALS_MESSAGE} One more failed attempt pauses sign-in to this account for ${pauseMinutes} minutes.`;
  }
  if (failuresLeft === 0) {
    return `${INVALID_CREDENTIALS_MESSAGE} Sign-in to this account is paused for ${pauseMinutes} minutes.`;
  }
  return INVALID_CREDENTIALS_MESSAGE;
}
export const INVALID_REFRESH_TOKEN_MESSAGE = 'Invalid refresh token.';

const REFRESH_FAMILY_LIFETIME_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;

export interface AuthService {
  login(input: {
    username: string;
    password: string;
    address: string;
    userAgent?: string;
  }): Promise<AuthResponse>;
  refresh(refreshToken: string, address: string): Promise<AuthResponse>;
  /** Ends the session the refresh token belongs to (its whole family); unknown tokens are ignored. */
  logout(refreshToken: string): Promise<void>;
  /**
   * Opens a session for a user whose identity another proof established (a registration with a
   * mailed invitation), as a login does; in the caller's transaction when given.
   */
  openSession(
    user: { id: string; email: string; roles: string[] },
    client: { address: string; userAgent?: string },
    tx?: Database,
  ): Promise<AuthResponse>;
}

/** A security event worth a warning in the log: who (when known), from where, what. */
export type SecurityLog = (event: { event: string; userId?: string; address: string }) => void;

interface Family {
  id: string;
  createdAt: Date;
}

export function createAuthService(deps: {
  db: Database;
  tokens: AccessTokens;
  throttle: LoginThrottle;
  now: Clock;
  /** Days a refresh token may lie unused before it stops working (within the family's lifetime). */
  idleDays: number;
  securityLog: SecurityLog;
}): AuthService {
  const { db, tokens, throttle, now, securityLog } = deps;
  const idleMs = deps.idleDays * 24 * 60 * 60 * 1000;

  async function issuePair(
    user: Pick<Credentials, 'id' | 'email' | 'roles'>,
    family: Family,
    database: Database = db,
  ): Promise<AuthResponse> {
    const refreshToken = generateSecretToken();
    await insertRefreshToken(database, {
      userId: user.id,
      familyId: family.id,
      tokenHash: hashSecretToken(refreshToken),
      familyCreatedAt: family.createdAt,
      createdAt: now(),
    });
    const token = await tokens.issue({
      userId: user.id,
      username: user.email,
      roles: user.roles,
      familyId: family.id,
    });
    return { token, refresh_token: refreshToken };
  }

  async function openSession(
    user: Pick<Credentials, 'id' | 'email' | 'roles'>,
    { address, userAgent }: { address: string; userAgent?: string },
    tx: Database,
  ): Promise<AuthResponse> {
    const loginAt = now();
    const family = { id: randomUUID(), createdAt: loginAt };
    await deleteExpiredSessions(tx, user.id, loginAt);
    await insertSession(tx, {
      id: family.id,
      userId: user.id,
      createdAt: loginAt,
      expiresAt: new Date(loginAt.getTime() + REFRESH_FAMILY_LIFETIME_MS),
      lastUsedAt: loginAt,
      device: deviceOf(userAgent),
      address: maskedAddress(address),
    });
    return issuePair(user, family, tx);
  }

  async function checkCredentials(email: string, password: string): Promise<Credentials | null> {
    const user = await findCredentialsByEmail(db, email);
    const isPasswordRight = user
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstDummy(password);
    return user && isPasswordRight && user.isConfirmed ? user : null;
  }

  return {
    login: async ({ username, password, address, userAgent }) => {
      const attempt = { account: username.trim().toLowerCase(), address };
      // Admitted (and counted as a failure) before the password is checked: decision 197.
      const admission = await throttle.admit(attempt);
      if (admission.retryAfter !== null) throw tooManyRequests(admission.retryAfter);
      const user = await checkCredentials(attempt.account, password);
      if (!user) throw unauthorized(invalidCredentialsMessage(await admission.failed()));
      await admission.passed();
      await throttle.clearAccount(attempt.account);
      return db.transaction((tx) => openSession(user, { address, userAgent }, tx));
    },

    refresh: async (refreshToken, address) => {
      const row = await findRefreshTokenByHash(db, hashSecretToken(refreshToken));
      if (!row) throw unauthorized(INVALID_REFRESH_TOKEN_MESSAGE);
      const replayed = () => {
        securityLog({ event: 'refresh_token_replayed', userId: row.userId, address });
        return unauthorized(INVALID_REFRESH_TOKEN_MESSAGE);
      };
      // A used token of an ended session (logout, password reset, expiry) is not a replay.
      if (row.revokedAt && !row.usedAt) throw unauthorized(INVALID_REFRESH_TOKEN_MESSAGE);
      const at = now();
      if (row.usedAt) {
        if (!row.revokedAt) await revokeRefreshTokenFamily(db, row.familyId, at);
        throw replayed();
      }
      if (at.getTime() >= row.familyCreatedAt.getTime() + REFRESH_FAMILY_LIFETIME_MS) {
        throw unauthorized(INVALID_REFRESH_TOKEN_MESSAGE);
      }
      // Each refresh issues a new token, so a token's age is the time the session lay unused.
      if (at.getTime() >= row.createdAt.getTime() + idleMs) {
        throw unauthorized(INVALID_REFRESH_TOKEN_MESSAGE);
      }
      const user = await findCredentialsById(db, row.userId);
      if (!user?.isConfirmed) throw unauthorized(INVALID_REFRESH_TOKEN_MESSAGE);
      const pair = await db.transaction(async (tx) => {
        if (!(await claimRefreshToken(tx, row.id, at))) return null;
        await touchSession(tx, row.familyId, {
          at,
          unlessSince: at,
          address: maskedAddress(address),
        });
        return issuePair(user, { id: row.familyId, createdAt: row.familyCreatedAt }, tx);
      });
      if (pair) return pair;
      // Another request used this token a moment ago: the same replay as above.
      await revokeRefreshTokenFamily(db, row.familyId, at);
      throw replayed();
    },

    logout: async (refreshToken) => {
      const row = await findRefreshTokenByHash(db, hashSecretToken(refreshToken));
      if (row) await revokeRefreshTokenFamily(db, row.familyId, now());
    },

    openSession: (user, client, tx) =>
      tx ? openSession(user, client, tx) : db.transaction((t) => openSession(user, client, t)),
  };
}
