// Access tokens: short-lived HS256 JWTs carrying username, roles and exp (spec §3), plus the
// user id as `sub` and the refresh-token family of the sign-in as `sid` (decision 072: a password
// change keeps that session and ends the others). Only HS256 is accepted on verification, so `alg: none` and algorithm
// confusion are refused.
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AccessClaimsSchema } from '#contract/auth.ts';
import type { Clock } from '#server/clock.ts';
import { unauthorized } from '#server/http/api-error.ts';

export interface Principal {
  userId: string;
  username: string;
  roles: string[];
  /** The refresh-token family (sign-in) the token was issued for; null when it has none. */
  familyId?: string | null;
}

export interface AccessTokens {
  issue(principal: Principal): Promise<string>;
  /** Resolves to the token's principal or throws a 401 ApiError. */
  verify(token: string): Promise<Principal>;
}

export const TOKEN_MISSING_MESSAGE = 'JWT Token not found';
export const TOKEN_INVALID_MESSAGE = 'Invalid JWT Token';
export const TOKEN_EXPIRED_MESSAGE = 'Expired JWT Token';

const ALGORITHM = 'HS256';
const VerifiedClaimsSchema = AccessClaimsSchema.extend({ sub: z.uuid(), sid: z.uuid().optional() });

export function createAccessTokens(options: {
  secret: string;
  ttlSeconds: number;
  now: Clock;
}): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
  const epochSeconds = () => Math.floor(options.now().getTime() / 1000);

  return {
    issue: (principal) => {
      const issuedAt = epochSeconds();
      return new SignJWT({
        username: principal.username,
        roles: principal.roles,
        ...(principal.familyId ? { sid: principal.familyId } : {}),
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(principal.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .sign(key);
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: options.now(),
        });
        const claims = VerifiedClaimsSchema.parse(payload);
        return {
          userId: claims.sub,
          username: claims.username,
          roles: claims.roles,
          familyId: claims.sid ?? null,
        };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized(TOKEN_EXPIRED_MESSAGE);
        throw unauthorized(TOKEN_INVALID_MESSAGE);
      }
    },
  };
}
