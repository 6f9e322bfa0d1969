import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe token of 32 bytes (refresh tokens, mailed confirmation and reset links). */
export function generateSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a database leak does not hand out sessions or links. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
