// The text of a queued mail is stored encrypted (decision 170): it may hold a one-time link
// (password reset, registration confirmation, e-mail change), and the database must not keep such
// a link in clear. AES-256-GCM with a key derived by HKDF-SHA256 from the access tokens' secret
// (JWT_SECRET, or the generated DATA_DIR/jwt-secret), which lives outside the database; the
// recipient is bound as additional data, so a sealed text cannot be moved to another mail. Once
// the mail is sent (or given up) the job keeps only its address and subject.
import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

/** A key for mail texts; derive it once with mailPayloadKey. */
export type MailPayloadKey = KeyObject;

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function mailPayloadKey(secret: string): MailPayloadKey {
  const bytes = hkdfSync('sha256', secret, 'buyer-portal', 'mail payload v1', 32);
  return createSecretKey(Buffer.from(bytes));
}

/** `v1.<base64url of iv, tag and ciphertext>` */
export function sealMailText(key: MailPayloadKey, text: string, recipient: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
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
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(recipient, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
