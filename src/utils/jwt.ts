import { AccessClaimsSchema, type AccessClaims } from '#contract/auth.ts';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
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
    const parsed = AccessClaimsSchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Milliseconds since the epoch at which the token expires. */
export function expiresAtMs(claims: AccessClaims): number {
  return claims.exp * 1000;
}
