import type { AccessClaims } from '#contract/auth.ts';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The claims `AccessClaimsSchema` accepts, read without zod: every page's session code runs
 * before zod loads (decision 150). A property test keeps the two in step.
 */
export function readAccessClaims(value: unknown): AccessClaims | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { username, roles, exp } = value as Record<string, unknown>;
  if (typeof username !== 'string') return null;
  if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string')) return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  return { username, roles: [...roles], exp };
}

/**
 * Reads the claims of an access token. The signature is not checked: the server verifies every
 * request, the client only needs the claims to schedule refreshes and decide what to show.
 */
export function decodeAccessClaims(token: string | null | undefined): AccessClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    return readAccessClaims(JSON.parse(decodeBase64Url(payload)));
  } catch {
    return null;
  }
}

/** Milliseconds since the epoch at which the token expires. */
export function expiresAtMs(claims: AccessClaims): number {
  return claims.exp * 1000;
}
