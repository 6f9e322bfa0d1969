import { trimEndOf } from '#contract/text-edges.ts';

/** Builds unsigned JWT-shaped access tokens for tests; the client never verifies signatures. */
function base64Url(value: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(value));
  return trimEndOf(btoa(binary).replace(/\+/g, '-').replace(/\//g, '_'), '=');
}

export function makeAccessToken(claims: {
  username?: string;
  roles?: string[];
  exp: number;
}): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({ username: 'buyer@example.com', roles: ['ROLE_BUYER'], ...claims }),
  );
  return `${header}.${payload}.signature`;
}

/** A token valid for `seconds` from `nowMs`. */
export function tokenValidFor(
  seconds: number,
  nowMs: number = Date.now(),
  roles: string[] = ['ROLE_BUYER'],
): string {
  return makeAccessToken({ exp: Math.floor(nowMs / 1000) + seconds, roles });
}
