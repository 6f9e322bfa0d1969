import { describe, expect, it } from 'vitest';
import { makeAccessToken } from '../test-utils/tokens.ts';
import { decodeAccessClaims } from './jwt.ts';

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
});
