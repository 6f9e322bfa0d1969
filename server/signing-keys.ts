// The keys derived from the signing secrets (JWT_SECRET, or the generated DATA_DIR/jwt-secret;
// decision 198). JWT_SECRET may list several secrets separated by commas: the first signs, every
// one verifies, so a new secret can be put in front and the old one removed once nothing it
// signed is still valid. Each purpose has its own key, derived with HKDF-SHA256, so a value
// signed for one purpose is worth nothing for another, and no secret is ever used as a key. A
// key's id (`kid` of an access token) is a digest of the derived key, never of the secret.
import { createHash, hkdfSync } from 'node:crypto';

/** One secret, or several with the one that signs first. */
export type Secrets = string | readonly string[];

export type KeyPurpose = 'access tokens' | 'preview links' | 'demo control';

export interface DerivedKey {
  /** Names the key without revealing it: 16 characters of a digest of the derived key. */
  id: string;
  bytes: Uint8Array;
}

const SALT = 'buyer-portal';

export function secretList(secrets: Secrets): readonly string[] {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  if (list.length === 0) throw new Error('At least one signing secret is needed');
  return list;
}

const derived = new Map<string, DerivedKey>();

/** The keys of `purpose`, one per secret, in the secrets' order: the first signs. */
export function derivedKeys(secrets: Secrets, purpose: KeyPurpose): DerivedKey[] {
  return secretList(secrets).map((secret) => {
    const cacheKey = `${purpose}\u0000${secret}`;
    const known = derived.get(cacheKey);
    if (known) return known;
    const bytes = new Uint8Array(hkdfSync('sha256', secret, SALT, `${purpose} v1`, 32));
    const id = createHash('sha256')
      .update('key id\u0000')
      .update(bytes)
      .digest('base64url')
      .slice(0, 16);
    const key = { id, bytes };
    derived.set(cacheKey, key);
    return key;
  });
}

/** The key that signs for `purpose`: derived from the first secret. */
export function signingKey(secrets: Secrets, purpose: KeyPurpose): DerivedKey {
  return derivedKeys(secrets, purpose)[0] as DerivedKey;
}
