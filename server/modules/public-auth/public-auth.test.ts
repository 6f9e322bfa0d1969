import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { LINE_BREAK_MESSAGE } from '#contract/input-rules.ts';
import { mailRequests, users } from '#server/db/schema/index.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { lastMailedToken, mailsTo } from '#tests/helpers/mail-box.ts';
import {
  bearer,
  login,
  TEST_PUBLIC_URL,
  type TestContext,
  useSignInApp,
} from '#tests/helpers/test-app.ts';

const NEW_PASSWORD = 'a-brand-new-password-2026';
const INVALID_LINK = { code: 404, message: 'This link is invalid or has expired.' };

describe('public registration and password reset', () => {
  const app = useSignInApp();
  let ctx: TestContext;
  beforeAll(() => ({ ctx } = app));
  beforeEach(async () => {
    await ctx.handle.db.delete(mailRequests);
  });

  const register = (email: string, password = 'correct-horse-battery') =>
    ctx.injectAndSendMail({
      method: 'POST',
      url: '/api/v1/public/registrations',
      payload: {
        email,
        password,
        first_name: 'Rita',
        last_name: 'Novak',
        company_name: 'Novak Media',
      },
    });
  const confirm = (token: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/public/registrations/confirmations/${token}` });
  const requestReset = (email: string) =>
    ctx.injectAndSendMail({
      method: 'POST',
      url: '/api/v1/public/passwords/resets',
      payload: { email },
    });
  const completeReset = (token: string, password = NEW_PASSWORD) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/public/passwords/resets/${token}`,
      payload: { password },
    });
  const tryLogin = (username: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password } });

  describe('POST /api/v1/public/registrations', () => {
    it('creates an unconfirmed buyer who can sign in once the mailed link is confirmed', async () => {
      const response = await register('Rita.Novak@Example.com');
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({});

      const [mail] = mailsTo(ctx.mailDir, 'rita.novak@example.com');
      expect(mail?.subject).toBe('Confirm your registration');
      expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/registrations-confirmations?token=`);
      expect((await tryLogin('rita.novak@example.com', 'correct-horse-battery')).statusCode).toBe(
        401,
      );

      const token = lastMailedToken(
        ctx.mailDir,
        'rita.novak@example.com',
        '/registrations-confirmations',
      );
      const confirmed = await confirm(token);
      expect(confirmed.statusCode).toBe(204);
      expect(confirmed.body).toBe('');

      const session = await login(ctx.app, 'rita.novak@example.com', 'correct-horse-battery');
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/buyer/profiles',
        headers: bearer(session.token),
      });
      expect(profile.json()).toMatchObject({
        first_name: 'Rita',
        roles: ['ROLE_BUYER'],
        accounts: [
          {
            company: { title: 'Novak Media' },
            is_current: true,
            credit_limit: '0.00',
            credits_balance: '0.00',
          },
        ],
      });
    });

    it('answers the same 202 for a taken e-mail, keeps the account and mails its owner a notice', async () => {
      const response = await register(FIXTURE.secondBuyer, 'someone-elses-password');
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({});
      expect(mailsTo(ctx.mailDir, FIXTURE.secondBuyer).at(-1)).toMatchObject({
        subject: 'You already have an account',
      });
      expect(mailsTo(ctx.mailDir, FIXTURE.secondBuyer).at(-1)?.text).toContain(
        `${TEST_PUBLIC_URL}/forgot-password`,
      );
      expect((await tryLogin(FIXTURE.secondBuyer, FIXTURE.password)).statusCode).toBe(200);
      expect((await tryLogin(FIXTURE.secondBuyer, 'someone-elses-password')).statusCode).toBe(401);
    });

    it('answers 400 naming the fields that are wrong', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/public/registrations',
        payload: { email: 'not-an-email', password: 'short', first_name: ' ', last_name: 'Novak' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([
        { path: 'email', message: 'Enter a valid e-mail address, like name@example.com.' },
        { path: 'password', message: 'Use at least 12 characters.' },
        { path: 'first_name', message: 'Enter your first name.' },
        { path: 'company_name', message: 'Enter your company name.' },
      ]);
    });

    it('refuses names with a line break, which could add a header to a mail', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/public/registrations',
        payload: {
          email: 'line.breaks@example.com',
          password: 'correct-horse-battery',
          first_name: 'Rita\r\nBcc: all@example.com',
          last_name: 'No\nvak',
          company_name: 'Novak\rMedia',
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([
        { path: 'first_name', message: LINE_BREAK_MESSAGE },
        { path: 'last_name', message: LINE_BREAK_MESSAGE },
        { path: 'company_name', message: LINE_BREAK_MESSAGE },
      ]);
      expect(
        await ctx.handle.db.select().from(users).where(eq(users.email, 'line.breaks@example.com')),
      ).toEqual([]);
    });
  });

  describe('POST /api/v1/public/registrations/confirmations/{token}', () => {
    it('accepts a link only once', async () => {
      await register('once@example.com');
      const token = lastMailedToken(
        ctx.mailDir,
        'once@example.com',
        '/registrations-confirmations',
      );
      expect((await confirm(token)).statusCode).toBe(204);
      const again = await confirm(token);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(INVALID_LINK);
    });

    it('refuses a link older than 24 hours', async () => {
      await register('late@example.com');
      const token = lastMailedToken(
        ctx.mailDir,
        'late@example.com',
        '/registrations-confirmations',
      );
      ctx.clock.advanceSeconds(24 * 60 * 60);
      expect((await confirm(token)).json()).toEqual(INVALID_LINK);
      expect((await tryLogin('late@example.com', 'correct-horse-battery')).statusCode).toBe(401);
    });

    it('refuses an unknown token', async () => {
      expect((await confirm('made-up-token')).statusCode).toBe(404);
    });
  });

  describe('password reset', () => {
    it('POST /api/v1/public/passwords/resets answers 202 and mails nothing for an unknown e-mail', async () => {
      const response = await requestReset('stranger@example.com');
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({});
      expect(mailsTo(ctx.mailDir, 'stranger@example.com')).toEqual([]);
    });

    it('PUT /api/v1/public/passwords/resets/{token} sets the password and ends every session', async () => {
      const email = 'reset.me@example.com';
      await register(email);
      await confirm(lastMailedToken(ctx.mailDir, email, '/registrations-confirmations'));
      const session = await login(ctx.app, email, 'correct-horse-battery');

      expect((await requestReset(email.toUpperCase())).statusCode).toBe(202);
      const token = lastMailedToken(ctx.mailDir, email, '/passwords-resets');
      const reset = await completeReset(token);
      expect(reset.statusCode).toBe(204);

      expect((await tryLogin(email, 'correct-horse-battery')).statusCode).toBe(401);
      expect((await tryLogin(email, NEW_PASSWORD)).statusCode).toBe(200);
      const refreshed = await ctx.app.inject({
        method: 'POST',
        url: '/api/token/refresh',
        payload: { refresh_token: session.refresh_token },
      });
      expect(refreshed.statusCode).toBe(401);
    });

    it('accepts a reset link once, for one hour, and only the newest one', async () => {
      const email = 'forgetful@example.com';
      await register(email);
      await requestReset(email);
      const older = lastMailedToken(ctx.mailDir, email, '/passwords-resets');
      await requestReset(email);
      const newer = lastMailedToken(ctx.mailDir, email, '/passwords-resets');
      expect((await completeReset(older)).json()).toEqual(INVALID_LINK);

      ctx.clock.advanceSeconds(60 * 60);
      expect((await completeReset(newer)).statusCode).toBe(404);

      await requestReset(email);
      const fresh = lastMailedToken(ctx.mailDir, email, '/passwords-resets');
      expect((await completeReset(fresh)).statusCode).toBe(204);
      expect((await completeReset(fresh)).statusCode).toBe(404);
    });

    it('GET /api/v1/public/passwords/resets/{token} says whether a link can be used, without using it', async () => {
      const check = (token: string) =>
        ctx.app.inject({ method: 'GET', url: `/api/v1/public/passwords/resets/${token}` });
      const email = 'checker@example.com';
      await register(email);
      await requestReset(email);
      const token = lastMailedToken(ctx.mailDir, email, '/passwords-resets');
      expect((await check(token)).statusCode).toBe(204);
      expect((await check(token)).statusCode).toBe(204);
      expect((await completeReset(token)).statusCode).toBe(204);
      const used = await check(token);
      expect(used.statusCode).toBe(404);
      expect(used.json()).toEqual(INVALID_LINK);
      expect((await check('not-a-token')).json()).toEqual(INVALID_LINK);

      await requestReset(email);
      const expiring = lastMailedToken(ctx.mailDir, email, '/passwords-resets');
      ctx.clock.advanceSeconds(60 * 60);
      expect((await check(expiring)).statusCode).toBe(404);
    });

    it('confirms an unconfirmed address and lifts a lock-out by failed logins', async () => {
      const email = 'locked.out@example.com';
      await register(email);
      for (let i = 0; i < 5; i += 1) await tryLogin(email, 'wrong-password');
      expect((await tryLogin(email, 'correct-horse-battery')).statusCode).toBe(429);

      await requestReset(email);
      await completeReset(lastMailedToken(ctx.mailDir, email, '/passwords-resets'));
      expect((await tryLogin(email, NEW_PASSWORD)).statusCode).toBe(200);
      const [user] = await ctx.handle.db.select().from(users).where(eq(users.email, email));
      expect(user?.isConfirmed).toBe(true);
    });

    it('answers 400 for a new password shorter than 12 characters', async () => {
      const response = await completeReset('any-token', 'short');
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([
        { path: 'password', message: 'Use at least 12 characters.' },
      ]);
    });
  });
});
