// The buyer's sessions (decision 169): each sign-in is listed with its device and masked address,
// ending one (here, by logout, or by signing out every other device) refuses that session's very
// next request although its access token has not expired, and nobody reaches another's session.
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { ActiveSessionListSchema } from '#contract/sessions.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import {
  bearer,
  TEST_JWT_SECRET,
  type TestContext,
  useSignInApp,
} from '#tests/helpers/test-app.ts';

import { deviceOf, maskedAddress } from './session-labels.ts';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const ENDED = { code: 401, message: 'Expired JWT Token' };

describe('sessions', () => {
  const app = useSignInApp();
  let ctx: TestContext;
  beforeAll(() => ({ ctx } = app));

  const signIn = async (
    userAgent: string,
    remoteAddress: string,
    username: string = FIXTURE.buyer,
  ) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password: FIXTURE.password },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string; refresh_token: string }>();
  };
  const call = (token: string, method: 'GET' | 'DELETE', url: string) =>
    ctx.app.inject({
      method,
      url: `/api/v1/common/profiles/sessions${url}`,
      headers: bearer(token),
    });
  const list = async (token: string) => {
    const response = await call(token, 'GET', '');
    expect(response.statusCode).toBe(200);
    return ActiveSessionListSchema.parse(response.json()).sessions;
  };
  const catalogue = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/buyer/profiles', headers: bearer(token) });
  const refresh = (refreshToken: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: refreshToken },
    });
  /** Signs out every session of both fixture buyers, so each test counts only its own. */
  const endAll = async () => {
    for (const username of [FIXTURE.buyer, FIXTURE.secondBuyer]) {
      const last = await signIn('', '198.51.100.1', username);
      expect((await call(last.token, 'DELETE', '/others')).statusCode).toBe(204);
      const [own] = await list(last.token);
      expect((await call(last.token, 'DELETE', `/${own!.id}`)).statusCode).toBe(204);
    }
  };

  it('lists each sign-in with its device, masked address and last use, the current one first and flagged', async () => {
    await endAll();
    const laptop = await signIn(FIREFOX_WINDOWS, '203.0.113.57');
    ctx.clock.advanceSeconds(5);
    const phone = await signIn(SAFARI_IPHONE, '2001:db8:85a3:8d3:1319:8a2e:370:7348');
    const fromLaptop = await list(laptop.token);
    expect(fromLaptop).toHaveLength(2);
    expect(fromLaptop[0]).toMatchObject({
      device: 'Firefox on Windows',
      address: '203.0.113.x',
      is_current: true,
    });
    expect(fromLaptop[1]).toMatchObject({
      device: 'Safari on iPhone',
      address: '2001:db8:85a3:8d3::/64',
      is_current: false,
    });
    const fromPhone = await list(phone.token);
    expect(fromPhone.map((session) => [session.device, session.is_current])).toEqual([
      ['Safari on iPhone', true],
      ['Firefox on Windows', false],
    ]);
    // Nothing of the raw address or User-Agent is answered (ids are random, so left out).
    const answered = JSON.stringify(fromLaptop.map(({ id: _id, ...rest }) => rest));
    expect(answered).not.toContain('.57');
    expect(answered).not.toContain('1319:8a2e');
    expect(answered).not.toContain('Gecko');
  });

  it('records a use at most once a minute', async () => {
    await endAll();
    const laptop = await signIn(FIREFOX_WINDOWS, '203.0.113.57');
    const signedInAt = ctx.clock.now().toISOString();
    ctx.clock.advanceSeconds(30);
    expect((await catalogue(laptop.token)).statusCode).toBe(200);
    expect((await list(laptop.token))[0]?.last_used_at).toBe(signedInAt);
    ctx.clock.advanceSeconds(31);
    const usedAt = ctx.clock.now().toISOString();
    expect((await catalogue(laptop.token)).statusCode).toBe(200);
    expect((await list(laptop.token))[0]).toMatchObject({
      last_used_at: usedAt,
      created_at: signedInAt,
    });
  });

  it('signs out every other device: their next call is refused and their refresh fails; again changes nothing', async () => {
    await endAll();
    const laptop = await signIn(FIREFOX_WINDOWS, '203.0.113.57');
    const phone = await signIn(SAFARI_IPHONE, '198.51.100.7');
    const tablet = await signIn(EDGE_WINDOWS, '198.51.100.8');
    const second = await signIn(FIREFOX_WINDOWS, '198.51.100.9', FIXTURE.secondBuyer);
    expect((await catalogue(phone.token)).statusCode).toBe(200);

    const response = await call(laptop.token, 'DELETE', '/others');
    expect(response.statusCode).toBe(204);
    for (const ended of [phone, tablet]) {
      const refused = await catalogue(ended.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(ENDED);
      expect((await refresh(ended.refresh_token)).statusCode).toBe(401);
    }
    expect((await catalogue(laptop.token)).statusCode).toBe(200);
    expect((await list(laptop.token)).map((session) => session.is_current)).toEqual([true]);
    // Another buyer's sessions are not touched.
    expect((await catalogue(second.token)).statusCode).toBe(200);
    expect((await call(laptop.token, 'DELETE', '/others')).statusCode).toBe(204);
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
  });

  it("signs out one session; an ended one answers 204 again, another buyer's or an unknown one 404", async () => {
    await endAll();
    const laptop = await signIn(FIREFOX_WINDOWS, '203.0.113.57');
    const phone = await signIn(SAFARI_IPHONE, '198.51.100.7');
    const tablet = await signIn(EDGE_WINDOWS, '198.51.100.8');
    const second = await signIn(FIREFOX_WINDOWS, '198.51.100.9', FIXTURE.secondBuyer);
    const phoneId = (await list(phone.token)).find((session) => session.is_current)!.id;
    const secondId = (await list(second.token))[0]!.id;

    expect((await call(laptop.token, 'DELETE', `/${phoneId}`)).statusCode).toBe(204);
    expect((await catalogue(phone.token)).json()).toEqual(ENDED);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(401);
    expect((await catalogue(tablet.token)).statusCode).toBe(200);
    expect((await call(laptop.token, 'DELETE', `/${phoneId}`)).statusCode).toBe(204);

    const foreign = await call(laptop.token, 'DELETE', `/${secondId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 404, message: 'Session not found' });
    expect((await catalogue(second.token)).statusCode).toBe(200);
    const unknown = await call(laptop.token, 'DELETE', '/7d0c2a9e-3f4b-4c2d-9e8f-0a1b2c3d4e5f');
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(laptop.token, 'DELETE', '/not-a-session');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 400, message: 'Validation failed.' });
    expect((await list(laptop.token)).map((session) => session.device)).toEqual([
      'Firefox on Windows',
      'Edge on Windows',
    ]);
  });

  it('ends the session on logout: its access token is refused at once', async () => {
    await endAll();
    const laptop = await signIn(FIREFOX_WINDOWS, '203.0.113.57');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refresh_token: laptop.refresh_token },
    });
    expect(response.statusCode).toBe(204);
    expect((await catalogue(laptop.token)).json()).toEqual(ENDED);
  });

  it('refuses a token without a session, and one whose session is of another user', async () => {
    await endAll();
    const laptop = await signIn(FIREFOX_WINDOWS, '203.0.113.57');
    const [session] = await list(laptop.token);
    const second = await signIn(FIREFOX_WINDOWS, '198.51.100.9', FIXTURE.secondBuyer);
    const secondId = JSON.parse(Buffer.from(second.token.split('.')[1]!, 'base64url').toString())
      .sub as string;
    const sign = (claims: Record<string, unknown>, subject: string) => {
      const issuedAt = Math.floor(ctx.clock.now().getTime() / 1000);
      return new SignJWT({ username: FIXTURE.buyer, roles: ['ROLE_BUYER'], ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 900)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    };
    const noSession = await catalogue(await sign({}, secondId));
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json()).toEqual({ code: 401, message: 'Invalid JWT Token' });
    const borrowed = await catalogue(await sign({ sid: session!.id }, secondId));
    expect(borrowed.json()).toEqual(ENDED);
  });

  it('ends when its family reaches its absolute lifetime', async () => {
    await endAll();
    const laptop = await signIn(FIREFOX_WINDOWS, '203.0.113.57');
    ctx.clock.advanceSeconds(30 * 24 * 3600);
    // The access token itself is long expired by then; a fresh one of the same session is not
    // obtainable either.
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(401);
  });
});

describe('session labels', () => {
  it.each([
    [FIREFOX_WINDOWS, 'Firefox on Windows'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [EDGE_WINDOWS, 'Edge on Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', ''],
    ['', ''],
  ])('names %s as "%s"', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });

  it.each([
    ['203.0.113.57', '203.0.113.x'],
    ['::ffff:203.0.113.57', '203.0.113.x'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['::1', '::/64'],
    ['not an address', ''],
  ])('masks %s as %s', (address, masked) => {
    expect(maskedAddress(address)).toBe(masked);
  });
});
