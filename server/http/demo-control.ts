// The key of a demo server's control routes (decisions 041, 081): `npm run demo:advance` and
// `npm run demo:company` send it to a running demo server whose PGlite database no other process
// may open. Derived from the token secret, so only who can read DATA_DIR knows it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEMO_KEY_HEADER = 'x-demo-key';

export function demoControlKey(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('demo-control').digest('base64url');
}

export function isDemoControlKey(jwtSecret: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(demoControlKey(jwtSecret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
