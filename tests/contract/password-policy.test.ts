import { describe, expect, it } from 'vitest';

import { passwordStrength } from '#contract/password-policy.ts';

describe('the password policy', () => {
  it('refuses common passwords', () => {
    for (const password of ['password1234', 'qwerty123456', '123456789012']) {
      expect(passwordStrength(password).isAcceptable).toBe(false);
    }
  });

  it("refuses a password made of the user's own e-mail address or names", () => {
    const personal = ['qa3.buyer.76206@example.com', 'Ada', 'Lovelace'];
    expect(passwordStrength('qa3.buyer.76206', personal).isAcceptable).toBe(false);
    expect(passwordStrength('qa3.buyer.76206@example.com', personal).isAcceptable).toBe(false);
    // The same text is fine for someone else.
    expect(passwordStrength('qa3.buyer.76206', ['someone@example.org']).isAcceptable).toBe(true);
  });

  it('accepts a long phrase of unrelated words', () => {
    expect(passwordStrength('violet tram ledger oyster', ['ada@example.com']).isAcceptable).toBe(
      true,
    );
  });
});
