// Access tokens: short-lived HS256 JWTs carrying username, roles and exp (spec §3), plus the
// user id as `sub` and the session (refresh-token family) of the sign-in as `sid`. Only HS256 is
// accepted on verification, so `alg: none` and algorithm confusion are refused. A token is
// accepted only while its session is active (decision 169): an ended session's tokens are refused
// on their next request, like expired ones; a token without `sid` is refused.
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

import { AccessClaimsSchema } from '#contract/auth.ts';
import type { Clock } from '#server/clock.ts';
import { unauthorized } from '#server/http/api-error.ts';

export interface Principal {
  userId: string;
  username: string;
  roles: string[];
  /** The session (refresh-token family) the token was issued for; every verified token has one. */
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
const VerifiedClaimsSchema = AccessClaimsSchema.extend({ sub: z.uuid(), sid: z.uuid() });

export function createAccessTokens(options: {
  secret: string;
  ttlSeconds: number;
  now: Clock;
  /** Whether the token's session is still on (one primary-key read, sessions.service.ts). */
  isSessionActive: (sessionId: string, userId: string) => Promise<boolean>;
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
      let claims: z.infer<typeof VerifiedClaimsSchema>;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: options.now(),
        });
        claims = VerifiedClaimsSchema.parse(payload);
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized(TOKEN_EXPIRED_MESSAGE);
        throw unauthorized(TOKEN_INVALID_MESSAGE);
      }
      // An ended session's token is answered as an expired one: its time is over.
      if (!(await options.isSessionActive(claims.sid, claims.sub))) {
        throw unauthorized(TOKEN_EXPIRED_MESSAGE);
      }
      return {
        userId: claims.sub,
        username: claims.username,
        roles: claims.roles,
        familyId: claims.sid,
      };
    },
  };
}
