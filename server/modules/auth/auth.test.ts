// The authentication behaviour, written once and run against each database the server supports
// (PGlite in the server project, PostgreSQL in the postgres project).
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { FIXTURE } from '#tests/helpers/fixture.ts';
import {
  bearer,
  login,
  TEST_JWT_SECRET,
  TEST_START,
  type TestContext,
  useSignInApp,
} from '#tests/helpers/test-app.ts';

const DAY_SECONDS = 24 * 60 * 60;
const INVALID_CREDENTIALS = { code: 401, message: 'Invalid credentials.' };

describe('authentication', () => {
  const app = useSignInApp();
  let ctx: TestContext;
  beforeAll(() => ({ ctx } = app));

  const attempt = (username: string, password: string, remoteAddress = '203.0.113.10') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username, password },
      remoteAddress,
    });
  const refresh = (refreshToken: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: refreshToken },
    });
  const getProfile = (headers: Record<string, string> = {}, url = '/api/v1/buyer/profiles') =>
    ctx.app.inject({ method: 'GET', url, headers });

  describe('POST /api/login_check', () => {
    it('answers a token pair whose access token names the user, the roles and a 15-minute expiry', async () => {
      const response = await attempt(FIXTURE.buyer, FIXTURE.password);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ token: string; refresh_token: string }>();
      const claims = decodeJwt(body.token);
      expect(claims).toMatchObject({ username: FIXTURE.buyer, roles: ['ROLE_BUYER'] });
      expect(claims.exp).toBe(TEST_START.getTime() / 1000 + 900);
      expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    });

    it('accepts the e-mail in any letter case and with surrounding spaces', async () => {
      const response = await attempt(`  ${FIXTURE.buyer.toUpperCase()} `, FIXTURE.password);
      expect(response.statusCode).toBe(200);
    });

    it('answers the same 401 for an unknown user and a wrong password', async () => {
      const unknown = await attempt('nobody@example.com', FIXTURE.password);
      const wrong = await attempt(FIXTURE.buyer, 'not-the-password');
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(INVALID_CREDENTIALS);
      expect(wrong.body).toBe(unknown.body);
    });

    it('answers the same 401 to an unconfirmed user with the right password', async () => {
      const response = await attempt(FIXTURE.unconfirmed, FIXTURE.password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_CREDENTIALS);
    });

    it('answers 400 naming each missing field', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: {},
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        message: 'Validation failed.',
        violations: [
          { path: 'username', message: 'Required' },
          { path: 'password', message: 'Required' },
        ],
      });
    });
  });

  describe('login throttling', () => {
    it('warns before the fifth failure for one account, then answers 429 with Retry-After, even to the right password', async () => {
      const messages: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        ctx.clock.advanceSeconds(10);
        const failed = await attempt(FIXTURE.secondBuyer, 'wrong-password');
        expect(failed.statusCode).toBe(401);
        messages.push(failed.json<{ message: string }>().message);
      }
      // The fourth failure warns that the next one pauses sign-in; the fifth says it has.
      expect(messages).toEqual([
        'Invalid credentials.',
        'Invalid credentials.',
        'Invalid credentials.',
        'Invalid credentials. One more failed attempt pauses sign-in to this account for 15 minutes.',
        'Invalid credentials. Sign-in to this account is paused for 15 minutes.',
      ]);
      const blocked = await attempt(FIXTURE.secondBuyer, FIXTURE.password, '198.51.100.7');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        code: 429,
        message: 'Too many failed login attempts. Try again in 15 minutes.',
      });
      // The first counted failure was 40 s ago; it leaves the 15-minute window in 860 s.
      expect(blocked.headers['retry-after']).toBe('860');
    });

    it('lets the account sign in again once the failures leave the 15-minute window', async () => {
      for (let i = 0; i < 5; i += 1) await attempt(FIXTURE.secondBuyer, 'wrong-password');
      ctx.clock.advanceSeconds(15 * 60 + 1);
      expect((await attempt(FIXTURE.secondBuyer, FIXTURE.password)).statusCode).toBe(200);
    });

    it('answers 429 to an address after 30 failures across accounts, while other addresses go on', async () => {
      for (let i = 0; i < 30; i += 1) {
        expect((await attempt(`visitor${i}@example.com`, 'guess', '192.0.2.99')).statusCode).toBe(
          401,
        );
      }
      const blocked = await attempt(FIXTURE.buyer, FIXTURE.password, '192.0.2.99');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBe(900);
      expect((await attempt(FIXTURE.buyer, FIXTURE.password, '192.0.2.100')).statusCode).toBe(200);
    });

    it('checks exactly 5 passwords of 40 sent at once for one account, and refuses the rest', async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          attempt(FIXTURE.secondBuyer, `wrong-password-${i}`, `198.51.100.${i + 1}`),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      const refused = answers.find((answer) => answer.statusCode === 429)!;
      expect(refused.json()).toEqual({
        code: 429,
        message: 'Too many failed login attempts. Try again in 15 minutes.',
      });
      expect(refused.headers['retry-after']).toBe('900');
    });

    it('checks exactly 30 passwords of 40 sent at once from one address across accounts', async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          attempt(`burst${i}@example.com`, 'guess', '192.0.2.77'),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(30);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    });

    it('does not count a successful login against its address', async () => {
      for (let i = 0; i < 29; i += 1)
        await attempt(`visitor${i}@example.com`, 'guess', '192.0.2.98');
      for (let i = 0; i < 3; i += 1) {
        expect((await attempt(FIXTURE.buyer, FIXTURE.password, '192.0.2.98')).statusCode).toBe(200);
      }
      expect((await attempt('one-more@example.com', 'guess', '192.0.2.98')).statusCode).toBe(401);
      expect((await attempt(FIXTURE.buyer, FIXTURE.password, '192.0.2.98')).statusCode).toBe(429);
    });

    it('clears the account count on a successful login', async () => {
      for (let i = 0; i < 4; i += 1) await attempt(FIXTURE.buyer, 'wrong-password');
      expect((await attempt(FIXTURE.buyer, FIXTURE.password)).statusCode).toBe(200);
      for (let i = 0; i < 4; i += 1) await attempt(FIXTURE.buyer, 'wrong-password');
      expect((await attempt(FIXTURE.buyer, FIXTURE.password)).statusCode).toBe(200);
    });
  });

  describe('POST /api/token/refresh', () => {
    it('answers a new pair, after which the old refresh token is refused', async () => {
      const first = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      ctx.clock.advanceSeconds(600);
      const renewed = await refresh(first.refresh_token);
      expect(renewed.statusCode).toBe(200);
      const second = renewed.json<{ token: string; refresh_token: string }>();
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(decodeJwt(second.token).exp).toBe(TEST_START.getTime() / 1000 + 600 + 900);
      expect((await getProfile(bearer(second.token))).statusCode).toBe(200);

      const reused = await refresh(first.refresh_token);
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toEqual({ code: 401, message: 'Invalid refresh token.' });
    });

    it('revokes the whole family when a used token comes back, so the newest one fails too', async () => {
      const first = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const second = (await refresh(first.refresh_token)).json<{ refresh_token: string }>();
      expect((await refresh(first.refresh_token)).statusCode).toBe(401);
      expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    });

    it('refuses a token of a family opened 30 days ago, however recently it was rotated', async () => {
      let pair = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      for (const days of [6, 6, 6, 6, 5]) {
        ctx.clock.advanceSeconds(days * DAY_SECONDS);
        const response = await refresh(pair.refresh_token);
        expect(response.statusCode).toBe(200);
        pair = response.json();
      }
      ctx.clock.advanceSeconds(DAY_SECONDS);
      expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    });

    it('lets one of two simultaneous uses of a token win and revokes the family', async () => {
      const first = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const answers = await Promise.all([
        refresh(first.refresh_token),
        refresh(first.refresh_token),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
      const winner = answers.find((answer) => answer.statusCode === 200);
      const next = winner?.json<{ refresh_token: string }>().refresh_token ?? '';
      expect((await refresh(next)).statusCode).toBe(401);
    });

    it('refuses an unknown token', async () => {
      const response = await refresh('bm90LWEtcmVhbC1yZWZyZXNoLXRva2VuLWF0LWFsbC4uLg');
      expect(response.statusCode).toBe(401);
    });

    it('refuses a token left unused for 7 days, while one used within them renews', async () => {
      const idle = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const active = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      ctx.clock.advanceSeconds(7 * DAY_SECONDS - 1);
      const renewed = await refresh(active.refresh_token);
      expect(renewed.statusCode).toBe(200);
      ctx.clock.advanceSeconds(1);
      const refused = await refresh(idle.refresh_token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 401, message: 'Invalid refresh token.' });
      ctx.clock.advanceSeconds(6 * DAY_SECONDS);
      expect(
        (await refresh(renewed.json<{ refresh_token: string }>().refresh_token)).statusCode,
      ).toBe(200);
    });
  });

  describe('POST /api/logout', () => {
    const logout = (refreshToken: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/logout',
        payload: { refresh_token: refreshToken },
      });

    it('ends the session: its refresh token and the ones rotated before it answer 401', async () => {
      const first = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const second = (await refresh(first.refresh_token)).json<{ refresh_token: string }>();
      const other = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const response = await logout(second.refresh_token);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const refused = await refresh(second.refresh_token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 401, message: 'Invalid refresh token.' });
      // Another session of the same user goes on.
      expect((await refresh(other.refresh_token)).statusCode).toBe(200);
    });

    it('answers 204 to an unknown or already ended session, and 400 without a token', async () => {
      const pair = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      expect((await logout(pair.refresh_token)).statusCode).toBe(204);
      expect((await logout(pair.refresh_token)).statusCode).toBe(204);
      expect((await logout('bm90LWEtcmVhbC1yZWZyZXNoLXRva2VuLWF0LWFsbC4uLg')).statusCode).toBe(204);
      const missing = await ctx.app.inject({ method: 'POST', url: '/api/logout', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().violations[0].path).toBe('refresh_token');
    });
  });

  describe('access to /api/v1/buyer', () => {
    it('refuses a request without a token with 401', async () => {
      const response = await getProfile();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: 'JWT Token not found' });
    });

    it('refuses an expired access token with 401', async () => {
      const { token } = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      ctx.clock.advanceSeconds(900);
      const response = await getProfile(bearer(token));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: 'Expired JWT Token' });
    });

    it('refuses a token whose signature was tampered with', async () => {
      const { token } = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const [header, payload, signature = ''] = token.split('.');
      const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      const response = await getProfile(bearer(`${header}.${payload}.${flipped}`));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: 'Invalid JWT Token' });
    });

    it('refuses a token whose claims were changed without re-signing', async () => {
      const { token } = await login(ctx.app, FIXTURE.manager, FIXTURE.password);
      const [header, payload = '', signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['ROLE_BUYER'] })).toString(
        'base64url',
      );
      expect((await getProfile(bearer(`${header}.${forged}.${signature}`))).statusCode).toBe(401);
    });

    it('refuses an unsigned token (alg none)', async () => {
      const { token } = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const payload = token.split('.')[1];
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const response = await getProfile(bearer(`${header}.${payload}.`));
      expect(response.statusCode).toBe(401);
    });

    it('refuses a token signed with another algorithm, even with the right secret', async () => {
      const { token } = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const claims = decodeJwt(token);
      const hs512 = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS512' })
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      expect((await getProfile(bearer(hs512))).statusCode).toBe(401);
    });

    it('ignores a token sent in the query string or in a cookie', async () => {
      const { token } = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const inQuery = await getProfile(
        {},
        `/api/v1/buyer/profiles?token=${token}&access_token=${token}`,
      );
      const inCookie = await getProfile({ cookie: `access_token=${token}; token=${token}` });
      expect(inQuery.statusCode).toBe(401);
      expect(inCookie.statusCode).toBe(401);
    });

    it('answers 403 "You don\'t have access" to a signed-in user without the buyer role', async () => {
      const { token } = await login(ctx.app, FIXTURE.manager, FIXTURE.password);
      const response = await getProfile(bearer(token));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 403, message: "You don't have access" });
    });
  });
});
