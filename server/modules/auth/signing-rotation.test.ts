// Rotation of the signing secrets (decision 198): a secret put in front of the old one signs new
// tokens while the old one's still verify, and tokens from before keys were derived (signed
// with the secret itself, no key id) keep working for their short life.
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { derivedKeys } from '#server/signing-keys.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import {
  bearer,
  createTestContext,
  login,
  TEST_JWT_SECRET,
  type TestContext,
} from '#tests/helpers/test-app.ts';

const NEW_SECRET = 'a-new-secret-put-in-front-of-the-old-one-0123456789';

describe('signing secret rotation', () => {
  let before: TestContext;
  let rotated: TestContext;
  let afterRemoval: TestContext;

  beforeAll(async () => {
    before = await createTestContext();
    const shared = { handle: before.handle, closeHandle: async () => {} };
    rotated = await createTestContext({
      ...shared,
      overrides: { jwtSecret: [NEW_SECRET, TEST_JWT_SECRET] },
    });
    afterRemoval = await createTestContext({ ...shared, overrides: { jwtSecret: [NEW_SECRET] } });
  }, 120_000);
  afterAll(async () => {
    await afterRemoval?.close();
    await rotated?.close();
    await before?.close();
  });

  const profile = (ctx: TestContext, token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/buyer/profiles', headers: bearer(token) });

  it('keeps a token signed before the rotation valid, and signs new ones with the new secret', async () => {
    const { token: oldToken } = await login(before.app, FIXTURE.buyer, FIXTURE.password);
    const [oldKey] = derivedKeys(TEST_JWT_SECRET, 'access tokens');
    expect(decodeProtectedHeader(oldToken)).toEqual({ alg: 'HS256', typ: 'JWT', kid: oldKey!.id });
    expect((await profile(rotated, oldToken)).statusCode).toBe(200);

    const { token: newToken } = await login(rotated.app, FIXTURE.buyer, FIXTURE.password);
    const [newKey] = derivedKeys(NEW_SECRET, 'access tokens');
    expect(decodeProtectedHeader(newToken).kid).toBe(newKey!.id);
    expect((await profile(rotated, newToken)).statusCode).toBe(200);
    expect((await profile(afterRemoval, newToken)).statusCode).toBe(200);
    // Once the old secret is removed, its tokens are refused (the web app then refreshes).
    const refused = await profile(afterRemoval, oldToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 401, message: 'Invalid JWT Token' });
    // Processes that do not know the new secret yet refuse its tokens: roll the list out first.
    expect((await profile(before, newToken)).statusCode).toBe(401);
  });

  it('accepts a token of the release before (signed with the secret itself, no key id)', async () => {
    const { token } = await login(before.app, FIXTURE.buyer, FIXTURE.password);
    const claims = decodeJwt(token);
    const legacy = (secret: string, header: Record<string, string> = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header })
        .sign(new TextEncoder().encode(secret));
    expect((await profile(before, await legacy(TEST_JWT_SECRET))).statusCode).toBe(200);
    expect((await profile(rotated, await legacy(TEST_JWT_SECRET))).statusCode).toBe(200);
    // The secret itself never stands for a derived key: a key id with it is refused.
    const [oldKey] = derivedKeys(TEST_JWT_SECRET, 'access tokens');
    const mixed = await legacy(TEST_JWT_SECRET, { kid: oldKey!.id });
    expect((await profile(before, mixed)).statusCode).toBe(401);
    expect((await profile(before, await legacy(NEW_SECRET))).statusCode).toBe(401);
    // A derived key of another purpose signs nothing that counts as an access token.
    const [previewKey] = derivedKeys(TEST_JWT_SECRET, 'preview links');
    const wrongPurpose = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: previewKey!.id })
      .sign(previewKey!.bytes);
    expect((await profile(before, wrongPurpose)).statusCode).toBe(401);
  });

  it('still tells an expired token from an invalid one', async () => {
    const { token } = await login(rotated.app, FIXTURE.buyer, FIXTURE.password);
    rotated.clock.advanceSeconds(60 * 60);
    const expired = await profile(rotated, token);
    expect(expired.json()).toEqual({ code: 401, message: 'Expired JWT Token' });
  });
});
