import { describe, expect, it } from 'vitest';

import { demoControlKey, isDemoControlKey } from './http/demo-control.ts';
import { mailPayloadKey, openMailText, sealMailText } from './mail/mail-secrets.ts';
import { derivedKeys, signingKey } from './signing-keys.ts';

const OLD = 'old-secret-old-secret-old-secret-0123';
const NEW = 'new-secret-new-secret-new-secret-4567';

describe('signing keys', () => {
  it('derives a key per purpose and secret, named by an id that reveals neither', () => {
    const purposes = ['access tokens', 'preview links', 'demo control'] as const;
    const keys = purposes.flatMap((purpose) => derivedKeys([NEW, OLD], purpose));
    const hex = keys.map((key) => Buffer.from(key.bytes).toString('hex'));
    expect(new Set(hex).size).toBe(6);
    expect(new Set(keys.map((key) => key.id)).size).toBe(6);
    for (const key of keys) {
      expect(key.bytes).toHaveLength(32);
      expect(key.id).toMatch(/^[\w-]{16}$/);
      expect(Buffer.from(key.bytes).toString()).not.toContain(NEW.slice(0, 8));
      expect(NEW + OLD).not.toContain(key.id);
    }
    // The same secret gives the same key, whichever list it stands in: rotation keeps ids.
    expect(derivedKeys([NEW, OLD], 'access tokens')[1]).toEqual(signingKey(OLD, 'access tokens'));
    expect(signingKey([NEW, OLD], 'access tokens')).toEqual(signingKey(NEW, 'access tokens'));
  });

  it('accepts the demo control key of an old secret after rotation, and not after removal', () => {
    const oldKey = demoControlKey(OLD);
    expect(isDemoControlKey([NEW, OLD], oldKey)).toBe(true);
    expect(demoControlKey([NEW, OLD])).toBe(demoControlKey(NEW));
    expect(isDemoControlKey([NEW], oldKey)).toBe(false);
    expect(isDemoControlKey([NEW, OLD], undefined)).toBe(false);
    expect(isDemoControlKey([NEW, OLD], `${oldKey}x`)).toBe(false);
  });

  it('opens a mail text sealed before the rotation, and seals with the new secret', () => {
    const before = sealMailText(mailPayloadKey(OLD), 'Your link: https://x/?token=t', 'a@b.c');
    const rotated = mailPayloadKey([NEW, OLD]);
    expect(openMailText(rotated, before, 'a@b.c')).toBe('Your link: https://x/?token=t');
    const after = sealMailText(rotated, 'Hello', 'a@b.c');
    expect(openMailText(mailPayloadKey(NEW), after, 'a@b.c')).toBe('Hello');
    expect(() => openMailText(mailPayloadKey(OLD), after, 'a@b.c')).toThrow();
    expect(() => openMailText(rotated, before, 'other@b.c')).toThrow();
  });
});
