// Access tokens: short-lived HS256 JWTs carrying username, roles and exp (spec §3), plus the
// user id as `sub` and the session (refresh-token family) of the sign-in as `sid`. Only HS256 is
// accepted on verification, so `alg: none` and algorithm confusion are refused. A token is
// accepted only while its session is active (decision 169): an ended session's tokens are refused
// on their next request, like expired ones; a token without `sid` is refused.
// Signed with the access-token key of the first secret and named by its `kid`; verified with the
// key its `kid` names among all secrets' keys (decision 198). A token without `kid` was signed
// with a secret itself, before keys were derived: it is still accepted, within its own short
// lifetime, so that an upgrade signs nobody out (a 401 ends the web app's session).
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

import { AccessClaimsSchema } from '#contract/auth.ts';
import type { Clock } from '#server/clock.ts';
import { unauthorized } from '#server/http/api-error.ts';
import { derivedKeys, secretList, type Secrets } from '#server/signing-keys.ts';

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
  /** The signing secrets, the one that signs first. */
  secrets: Secrets;
  ttlSeconds: number;
  now: Clock;
  /** Whether the token's session is still on (one primary-key read, sessions.service.ts). */
  isSessionActive: (sessionId: string, userId: string) => Promise<boolean>;
}): AccessTokens {
  const keys = derivedKeys(options.secrets, 'access tokens');
  const signing = keys[0] as (typeof keys)[number];
  const legacyKeys = secretList(options.secrets).map((secret) => new TextEncoder().encode(secret));
  /** The keys that may have signed `token`: the one its kid names, or the secrets for no kid. */
  const candidatesOf = (token: string): Uint8Array[] => {
    const { kid } = decodeProtectedHeader(token);
    if (kid === undefined) return legacyKeys;
    return keys.filter((key) => key.id === kid).map((key) => key.bytes);
  };
  const verifyWith = async (token: string): Promise<unknown> => {
    const candidates = candidatesOf(token);
    let failure: unknown = new errors.JWSSignatureVerificationFailed();
    for (const key of candidates) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: options.now(),
        });
        return payload;
      } catch (error) {
        failure = error;
        if (!(error instanceof errors.JWSSignatureVerificationFailed)) break;
      }
    }
    throw failure;
  };
  const epochSeconds = () => Math.floor(options.now().getTime() / 1000);

  return {
    issue: (principal) => {
      const issuedAt = epochSeconds();
      return new SignJWT({
        username: principal.username,
        roles: principal.roles,
        ...(principal.familyId ? { sid: principal.familyId } : {}),
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: signing.id })
        .setSubject(principal.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .sign(signing.bytes);
    },
    verify: async (token) => {
      let claims: z.infer<typeof VerifiedClaimsSchema>;
      try {
        claims = VerifiedClaimsSchema.parse(await verifyWith(token));
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
