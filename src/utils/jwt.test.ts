import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { AccessClaimsSchema } from '#contract/auth.ts';

import { makeAccessToken } from '../test-utils/tokens.ts';
import { decodeAccessClaims, readAccessClaims } from './jwt.ts';

describe('access token claims', () => {
  it('reads username, roles and exp from the payload', () => {
    const token = makeAccessToken({
      username: 'müller@example.com',
      roles: ['ROLE_BUYER'],
      exp: 1_800_000_000,
    });
    expect(decodeAccessClaims(token)).toEqual({
      username: 'müller@example.com',
      roles: ['ROLE_BUYER'],
      exp: 1_800_000_000,
    });
  });

  it('answers null for missing, malformed or incomplete tokens', () => {
    expect(decodeAccessClaims(null)).toBeNull();
    expect(decodeAccessClaims('not-a-token')).toBeNull();
    expect(decodeAccessClaims('a.%%%.c')).toBeNull();
    const noExp = `x.${btoa(JSON.stringify({ username: 'a', roles: [] }))}.y`;
    expect(decodeAccessClaims(noExp)).toBeNull();
  });

  it('accepts exactly the claims the contract schema accepts', () => {
    const claimLike = fc.record(
      {
        username: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        roles: fc.oneof(
          fc.array(fc.string()),
          fc.array(fc.oneof(fc.string(), fc.integer())),
          fc.string(),
        ),
        exp: fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constant(null)),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(claimLike, fc.anything()), (value) => {
        const parsed = AccessClaimsSchema.safeParse(value);
        expect(readAccessClaims(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});
