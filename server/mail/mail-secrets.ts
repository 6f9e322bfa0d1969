// The text of a queued mail is stored encrypted (decision 170): it may hold a one-time link
// (password reset, registration confirmation, e-mail change), and the database must not keep such
// a link in clear. AES-256-GCM with a key derived by HKDF-SHA256 from the access tokens' secret
// (JWT_SECRET, or the generated DATA_DIR/jwt-secret), which lives outside the database; the
// recipient is bound as additional data, so a sealed text cannot be moved to another mail. Once
// the mail is sent (or given up) the job keeps only its address and subject. With several secrets
// (JWT_SECRET=new,old; decision 198) the first seals and every one opens.
import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

import { secretList, type Secrets } from '#server/signing-keys.ts';

/** The keys for mail texts, one per secret; derive them once with mailPayloadKey. */
export interface MailPayloadKey {
  seal: KeyObject;
  open: readonly KeyObject[];
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function mailPayloadKey(secrets: Secrets): MailPayloadKey {
  const keys = secretList(secrets).map((secret) =>
    createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'buyer-portal', 'mail payload v1', 32))),
  );
  return { seal: keys[0] as KeyObject, open: keys };
}

/** `v1.<base64url of iv, tag and ciphertext>` */
export function sealMailText(key: MailPayloadKey, text: string, recipient: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.seal, iv);
  cipher.setAAD(Buffer.from(recipient, 'utf8'));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The text sealed for `recipient`; throws when it was sealed under another key or altered. */
export function openMailText(key: MailPayloadKey, sealed: string, recipient: string): string {
  const dot = sealed.indexOf('.');
  if (dot < 0 || sealed.slice(0, dot) !== VERSION) {
    throw new Error('The mail text is not sealed in a known form');
  }
  const bytes = Buffer.from(sealed.slice(dot + 1), 'base64url');
  let failure: unknown;
  for (const candidate of key.open) {
    try {
      return openWith(candidate, bytes, recipient);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

function openWith(key: KeyObject, bytes: Buffer, recipient: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(recipient, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
