import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { FORBIDDEN_CHARACTER_MESSAGE } from '#contract/input-rules.ts';
import { PASSWORD_TOO_WEAK_MESSAGE } from '#contract/password-policy.ts';
import { BuyerProfileSchema } from '#contract/profile.ts';
import {
  CONTROL_CHARACTERS_MESSAGE,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  PHONE_MESSAGE,
  SAME_EMAIL_MESSAGE,
  SAME_PASSWORD_MESSAGE,
} from '#contract/profile-settings.ts';
import { mailRequests, users } from '#server/db/schema/index.ts';
import { redactTokens } from '#server/http/request-log.ts';
import { UNKNOWN_FIELD_MESSAGE } from '#server/http/validation.ts';
import { hashPassword } from '#server/modules/auth/auth.service.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { lastMailedToken, mailsTo } from '#tests/helpers/mail-box.ts';
import { multipart } from '#tests/helpers/orders.ts';
import {
  bearer,
  login,
  TEST_JWT_SECRET,
  TEST_PUBLIC_URL,
  type TestContext,
  useSignInApp,
} from '#tests/helpers/test-app.ts';

import {
  EMAIL_TAKEN_MESSAGE,
  TOO_MANY_WRONG_PASSWORDS_MESSAGE,
} from './account-settings.service.ts';

const NEW_PASSWORD = 'granite-lantern-orchard-77';
const INVALID_LINK = { code: 404, message: 'This link is invalid or has expired.' };
const CONFIRM_ROUTE = '/email-changes-confirmations';

describe("the buyer's account settings", () => {
  const app = useSignInApp();
  let ctx: TestContext;
  let passwordHash: string;
  beforeAll(async () => {
    ({ ctx } = app);
    passwordHash = await hashPassword(FIXTURE.password);
  });

  /** A confirmed buyer of their own, so tests that change an address or password stay apart. */
  async function newBuyer(): Promise<{
    id: string;
    email: string;
    token: string;
    refresh: string;
  }> {
    const email = `buyer-${randomUUID()}@example.com`;
    const [user] = await ctx.handle.db
      .insert(users)
      .values({
        email,
        passwordHash,
        roles: ['ROLE_BUYER'],
        firstName: 'Nora',
        lastName: 'Quist',
        isConfirmed: true,
      })
      .returning({ id: users.id });
    const session = await login(ctx.app, email, FIXTURE.password);
    return { id: user!.id, email, token: session.token, refresh: session.refresh_token };
  }

  const tryLogin = (username: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password } });
  const refresh = (refreshToken: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: refreshToken },
    });
  const getProfile = async (token: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/buyer/profiles',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return BuyerProfileSchema.parse(response.json());
  };

  describe('PUT /api/v1/buyer/profiles', () => {
    const details = {
      first_name: 'Nadia',
      last_name: 'Okafor-Lind',
      phone: '+49 (30) 1234-5678',
      is_newsletter_subscribed: true,
    };
    const put = (token: string | null, payload: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/buyer/profiles',
        headers: token ? bearer(token) : {},
        payload: payload as object,
      });

    it('changes the four details and answers the whole profile', async () => {
      const buyer = await newBuyer();
      const response = await put(buyer.token, { ...details, first_name: '  Nadia  ' });
      expect(response.statusCode).toBe(200);
      expect(BuyerProfileSchema.parse(response.json())).toMatchObject({
        ...details,
        email: buyer.email,
        roles: ['ROLE_BUYER'],
      });
      expect(await getProfile(buyer.token)).toMatchObject(details);
    });

    it('clears the phone when it is empty or null', async () => {
      const buyer = await newBuyer();
      await put(buyer.token, details);
      expect((await put(buyer.token, { ...details, phone: '  ' })).json()).toMatchObject({
        phone: null,
      });
      await put(buyer.token, details);
      expect((await put(buyer.token, { ...details, phone: null })).json()).toMatchObject({
        phone: null,
      });
    });

    it('changes only the caller, never another buyer', async () => {
      const first = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
      const second = await login(ctx.app, FIXTURE.secondBuyer, FIXTURE.password);
      const before = await getProfile(second.token);
      const buyerBefore = await getProfile(first.token);
      const buyer = await newBuyer();
      expect((await put(buyer.token, details)).statusCode).toBe(200);
      expect(await getProfile(second.token)).toEqual(before);
      expect(await getProfile(first.token)).toEqual(buyerBefore);
    });

    it.each([
      ['first_name', { first_name: '' }, 'Enter your first name.'],
      ['first_name', { first_name: '   ' }, 'Enter your first name.'],
      ['last_name', { last_name: 'x'.repeat(101) }, 'Last name can be at most 100 characters.'],
      ['first_name', { first_name: 'Na\u0000dia' }, FORBIDDEN_CHARACTER_MESSAGE],
      ['first_name', { first_name: 'Na\u0007dia' }, CONTROL_CHARACTERS_MESSAGE],
      ['phone', { phone: 'call me maybe' }, PHONE_MESSAGE],
      ['phone', { phone: '12345' }, PHONE_MESSAGE],
      ['phone', { phone: '+1 '.padEnd(41, '5') }, 'A phone number can be at most 40 characters.'],
      ['phone', { phone: 12345678 }, 'Expected string, received number'],
      [
        'is_newsletter_subscribed',
        { is_newsletter_subscribed: 'yes' },
        'Expected boolean, received string',
      ],
    ])(
      'refuses a bad %s (%j) with its violation and changes nothing',
      async (path, change, message) => {
        const buyer = await newBuyer();
        const before = await getProfile(buyer.token);
        const response = await put(buyer.token, { ...details, ...change });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 400,
          violations: [{ path, message }],
        });
        expect(await getProfile(buyer.token)).toEqual(before);
      },
    );

    it('names every missing field', async () => {
      const buyer = await newBuyer();
      const response = await put(buyer.token, {});
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([
        { path: 'first_name', message: 'Enter your first name.' },
        { path: 'last_name', message: 'Enter your last name.' },
        { path: 'phone', message: 'Required' },
        { path: 'is_newsletter_subscribed', message: 'Required' },
      ]);
    });

    it('refuses read-only and unknown fields with a violation on each and applies nothing', async () => {
      const buyer = await newBuyer();
      const before = await getProfile(buyer.token);
      const attempt = {
        ...details,
        email: 'someone-else@example.com',
        username: 'someone-else@example.com',
        roles: ['ROLE_ADMIN', 'ROLE_BUYER'],
        is_allowed_to_export_sites: true,
        credit_limit: '999999.00',
        accounts: [{ id: randomUUID(), credit_limit: '999999.00', is_current: true }],
        avatar_file: { id: randomUUID() },
        notification_preferences: { order_summary: false },
        sales_manager: null,
        password_hash: 'x',
        is_confirmed: true,
      };
      const response = await put(buyer.token, attempt);
      expect(response.statusCode).toBe(400);
      const paths = (response.json().violations as { path: string; message: string }[]).map(
        (violation) => [violation.path, violation.message],
      );
      expect(paths.sort()).toEqual(
        Object.keys(attempt)
          .filter((key) => !(key in details))
          .map((key) => [key, UNKNOWN_FIELD_MESSAGE])
          .sort(),
      );
      expect(await getProfile(buyer.token)).toEqual(before);
      const [row] = await ctx.handle.db
        .select({ roles: users.roles, email: users.email, export: users.isAllowedToExportSites })
        .from(users)
        .where(eq(users.id, buyer.id));
      expect(row).toEqual({ roles: ['ROLE_BUYER'], email: buyer.email, export: false });
    });

    it('answers 400 to a body that is not an object, and 401 without a token', async () => {
      const buyer = await newBuyer();
      expect((await put(buyer.token, [details])).statusCode).toBe(400);
      expect((await put(null, details)).statusCode).toBe(401);
    });
  });

  describe('changing the e-mail address', () => {
    const requestChange = (token: string, payload: unknown) =>
      ctx.injectAndSendMail({
        method: 'POST',
        url: '/api/v1/buyer/profiles/email-changes',
        headers: bearer(token),
        payload: payload as object,
      });
    /** Opens the link; `as` the access token of the browser it is opened in, if signed in. */
    const confirm = (token: string, as?: string) =>
      ctx.injectAndSendMail({
        method: 'POST',
        url: `/api/v1/public/email-changes/confirmations/${encodeURIComponent(token)}`,
        headers: as ? bearer(as) : {},
      });
    const fresh = () => `new-${randomUUID()}@example.com`;

    it('mails a link to the new address, tells the old one, and changes only when the link is opened', async () => {
      const buyer = await newBuyer();
      const newEmail = fresh();
      const response = await requestChange(buyer.token, {
        new_email: `  ${newEmail.toUpperCase()} `,
        current_password: FIXTURE.password,
      });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({
        new_email: newEmail,
        expires_at: new Date(ctx.clock.now().getTime() + 24 * 3600 * 1000).toISOString(),
      });

      const [linkMail] = mailsTo(ctx.mailDir, newEmail);
      expect(linkMail?.subject).toBe('Confirm your new e-mail address');
      expect(linkMail?.text).toContain(`${TEST_PUBLIC_URL}${CONFIRM_ROUTE}?token=`);
      const [notice] = mailsTo(ctx.mailDir, buyer.email);
      expect(notice?.subject).toBe('A change of your e-mail address was requested');
      expect(notice?.text).toContain(newEmail);

      // Nothing changes until the link is opened.
      expect((await getProfile(buyer.token)).email).toBe(buyer.email);
      expect((await tryLogin(buyer.email, FIXTURE.password)).statusCode).toBe(200);
      expect((await tryLogin(newEmail, FIXTURE.password)).statusCode).toBe(401);

      const token = lastMailedToken(ctx.mailDir, newEmail, CONFIRM_ROUTE);
      const confirmed = await confirm(token, buyer.token);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ email: newEmail });

      expect((await getProfile(buyer.token)).email).toBe(newEmail);
      expect((await tryLogin(newEmail, FIXTURE.password)).statusCode).toBe(200);
      expect((await tryLogin(buyer.email, FIXTURE.password)).statusCode).toBe(401);
      const changed = mailsTo(ctx.mailDir, buyer.email).at(-1);
      expect(changed?.subject).toBe('Your e-mail address was changed');
      expect(changed?.text).toContain(newEmail);

      // The link works once.
      expect((await confirm(token)).json()).toMatchObject(INVALID_LINK);
    });

    it('keeps the session that opens the link, whose next refresh carries the new address, and ends every other one at once', async () => {
      const buyer = await newBuyer();
      const phone = await login(ctx.app, buyer.email, FIXTURE.password);
      const newEmail = fresh();
      await requestChange(buyer.token, { new_email: newEmail, current_password: FIXTURE.password });
      await confirm(lastMailedToken(ctx.mailDir, newEmail, CONFIRM_ROUTE), buyer.token);
      // The other sign-in's access token has not expired, yet its next call is refused.
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/buyer/profiles',
        headers: bearer(phone.token),
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 401, message: 'Expired JWT Token' });
      expect((await refresh(phone.refresh_token)).statusCode).toBe(401);
      const renewed = await refresh(buyer.refresh);
      expect(renewed.statusCode).toBe(200);
      const claims = JSON.parse(
        Buffer.from(renewed.json().token.split('.')[1], 'base64url').toString(),
      );
      expect(claims.username).toBe(newEmail);
    });

    it('ends every session of the account when the link is opened signed out', async () => {
      const buyer = await newBuyer();
      const newEmail = fresh();
      await requestChange(buyer.token, { new_email: newEmail, current_password: FIXTURE.password });
      await confirm(lastMailedToken(ctx.mailDir, newEmail, CONFIRM_ROUTE));
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/buyer/profiles',
        headers: bearer(buyer.token),
      });
      expect(refused.statusCode).toBe(401);
      expect((await refresh(buyer.refresh)).statusCode).toBe(401);
      expect((await tryLogin(newEmail, FIXTURE.password)).statusCode).toBe(200);
    });

    it('refuses a wrong current password on its field, mails nothing, and limits attempts like sign-in', async () => {
      const buyer = await newBuyer();
      const newEmail = fresh();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await requestChange(buyer.token, {
          new_email: newEmail,
          current_password: 'not-my-password',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().violations).toEqual([
          { path: 'current_password', message: CURRENT_PASSWORD_WRONG_MESSAGE },
        ]);
      }
      expect(mailsTo(ctx.mailDir, newEmail)).toEqual([]);
      const blocked = await requestChange(buyer.token, {
        new_email: newEmail,
        current_password: FIXTURE.password,
      });
      expect(blocked.statusCode).toBe(429);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(blocked.json().message).toBe(
        `${TOO_MANY_WRONG_PASSWORDS_MESSAGE} Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      );
      // The same counter guards sign-in to the account.
      expect((await tryLogin(buyer.email, FIXTURE.password)).statusCode).toBe(429);
      ctx.clock.advanceSeconds(15 * 60 + 1);
      const later = await login(ctx.app, buyer.email, FIXTURE.password);
      expect(
        (
          await requestChange(later.token, {
            new_email: newEmail,
            current_password: FIXTURE.password,
          })
        ).statusCode,
      ).toBe(202);
    });

    it.each([
      ['new_email', { new_email: 'not-an-email' }, 'Invalid email'],
      ['new_email', { new_email: undefined }, 'Required'],
      ['current_password', { current_password: '' }, 'Enter your current password.'],
      ['current_password', { current_password: undefined }, 'Enter your current password.'],
      ['role', { role: 'ROLE_ADMIN' }, UNKNOWN_FIELD_MESSAGE],
    ])('refuses a bad %s (%j)', async (path, change, message) => {
      const buyer = await newBuyer();
      const response = await requestChange(buyer.token, {
        new_email: fresh(),
        current_password: FIXTURE.password,
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([{ path, message }]);
    });

    it('refuses the address the buyer already has', async () => {
      const buyer = await newBuyer();
      const response = await requestChange(buyer.token, {
        new_email: buyer.email.toUpperCase(),
        current_password: FIXTURE.password,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([
        { path: 'new_email', message: SAME_EMAIL_MESSAGE },
      ]);
    });

    it('answers an address with an account like any other, and mails its owner a notice instead of a link', async () => {
      const buyer = await newBuyer();
      const response = await requestChange(buyer.token, {
        new_email: FIXTURE.secondBuyer,
        current_password: FIXTURE.password,
      });
      expect(response.statusCode).toBe(202);
      const notice = mailsTo(ctx.mailDir, FIXTURE.secondBuyer).at(-1);
      expect(notice?.subject).toBe('This address already has an account');
      expect(notice?.text).not.toContain(CONFIRM_ROUTE);
      expect((await getProfile(buyer.token)).email).toBe(buyer.email);
    });

    it('refuses an expired link, and a link replaced by a newer request', async () => {
      const buyer = await newBuyer();
      const first = fresh();
      await requestChange(buyer.token, { new_email: first, current_password: FIXTURE.password });
      const firstToken = lastMailedToken(ctx.mailDir, first, CONFIRM_ROUTE);
      const second = fresh();
      await requestChange(buyer.token, { new_email: second, current_password: FIXTURE.password });
      expect((await confirm(firstToken)).json()).toMatchObject(INVALID_LINK);

      ctx.clock.advanceSeconds(24 * 3600 + 1);
      expect(
        (await confirm(lastMailedToken(ctx.mailDir, second, CONFIRM_ROUTE))).json(),
      ).toMatchObject(INVALID_LINK);
      const [row] = await ctx.handle.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, buyer.id));
      expect(row?.email).toBe(buyer.email);
    });

    it('answers 409 when the address got an account of its own before the link was opened', async () => {
      const buyer = await newBuyer();
      const newEmail = fresh();
      await requestChange(buyer.token, { new_email: newEmail, current_password: FIXTURE.password });
      const other = await newBuyer();
      await ctx.handle.db.update(users).set({ email: newEmail }).where(eq(users.id, other.id));
      const response = await confirm(lastMailedToken(ctx.mailDir, newEmail, CONFIRM_ROUTE));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(EMAIL_TAKEN_MESSAGE);
      expect((await getProfile(buyer.token)).email).toBe(buyer.email);
    });

    it("changes the requesting buyer's address even when another buyer opens the link", async () => {
      const buyer = await newBuyer();
      const newEmail = fresh();
      await requestChange(buyer.token, { new_email: newEmail, current_password: FIXTURE.password });
      const second = await login(ctx.app, FIXTURE.secondBuyer, FIXTURE.password);
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/public/email-changes/confirmations/${lastMailedToken(ctx.mailDir, newEmail, CONFIRM_ROUTE)}`,
        headers: bearer(second.token),
      });
      expect(response.statusCode).toBe(200);
      expect((await getProfile(second.token)).email).toBe(FIXTURE.secondBuyer);
      // The other buyer's session is not the account's: every session of the account ended.
      const ended = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/buyer/profiles',
        headers: bearer(buyer.token),
      });
      expect(ended.statusCode).toBe(401);
      const again = await login(ctx.app, newEmail, FIXTURE.password);
      expect((await getProfile(again.token)).email).toBe(newEmail);
    });

    it('keeps the token out of the request log', () => {
      expect(redactTokens('/api/v1/public/email-changes/confirmations/abc_DEF-123')).toBe(
        '/api/v1/public/email-changes/confirmations/[redacted]',
      );
    });

    it('answers unknown and malformed tokens like expired ones', async () => {
      expect((await confirm('no-such-token')).json()).toMatchObject(INVALID_LINK);
      const tooLong = await confirm('x'.repeat(201));
      expect(tooLong.statusCode).toBeGreaterThanOrEqual(400);
      expect(tooLong.statusCode).toBeLessThan(500);
    });
  });

  describe('PUT /api/v1/common/profiles/passwords/changes', () => {
    const change = (token: string, fields: Record<string, string>) => {
      const form = multipart(fields);
      return ctx.injectAndSendMail({
        method: 'PUT',
        url: '/api/v1/common/profiles/passwords/changes',
        headers: { ...bearer(token), ...form.headers },
        payload: form.payload,
      });
    };

    it('keeps the session that changed it, ends every other one, and mails the buyer', async () => {
      const buyer = await newBuyer();
      const other = await login(ctx.app, buyer.email, FIXTURE.password);
      const third = await login(ctx.app, buyer.email, FIXTURE.password);
      const response = await change(buyer.token, {
        current_password: FIXTURE.password,
        new_password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(204);

      // The other sign-ins' access tokens have not expired, yet their very next call is refused.
      for (const ended of [other, third]) {
        const call = await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/buyer/profiles',
          headers: bearer(ended.token),
        });
        expect(call.statusCode).toBe(401);
        expect(call.json()).toEqual({ code: 401, message: 'Expired JWT Token' });
      }
      expect((await getProfile(buyer.token)).email).toBe(buyer.email);
      const renewed = await refresh(buyer.refresh);
      expect(renewed.statusCode).toBe(200);
      expect((await refresh(renewed.json().refresh_token)).statusCode).toBe(200);
      expect((await refresh(other.refresh_token)).statusCode).toBe(401);
      expect((await refresh(third.refresh_token)).statusCode).toBe(401);

      expect((await tryLogin(buyer.email, FIXTURE.password)).statusCode).toBe(401);
      expect((await tryLogin(buyer.email, NEW_PASSWORD)).statusCode).toBe(200);
      const [mail] = mailsTo(ctx.mailDir, buyer.email);
      expect(mail?.subject).toBe('Your password was changed');
      expect(mail?.text).toContain('Nora');
      expect(mail?.text).not.toContain(NEW_PASSWORD);
    });

    it('refuses a token that names no session (issued before sessions were named), changing nothing', async () => {
      const buyer = await newBuyer();
      const issuedAt = Math.floor(ctx.clock.now().getTime() / 1000);
      const unnamed = await new SignJWT({ username: buyer.email, roles: ['ROLE_BUYER'] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(buyer.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 900)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const response = await change(unnamed, {
        current_password: FIXTURE.password,
        new_password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: 'Invalid JWT Token' });
      expect((await refresh(buyer.refresh)).statusCode).toBe(200);
      expect((await tryLogin(buyer.email, FIXTURE.password)).statusCode).toBe(200);
    });

    it("leaves other buyers' sessions alone", async () => {
      const second = await login(ctx.app, FIXTURE.secondBuyer, FIXTURE.password);
      const buyer = await newBuyer();
      await change(buyer.token, { current_password: FIXTURE.password, new_password: NEW_PASSWORD });
      expect((await refresh(second.refresh_token)).statusCode).toBe(200);
      expect((await tryLogin(FIXTURE.secondBuyer, FIXTURE.password)).statusCode).toBe(200);
    });

    it('refuses a wrong current password on its field and limits attempts like sign-in', async () => {
      const buyer = await newBuyer();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await change(buyer.token, {
          current_password: 'not-my-password',
          new_password: NEW_PASSWORD,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().violations).toEqual([
          { path: 'current_password', message: CURRENT_PASSWORD_WRONG_MESSAGE },
        ]);
      }
      const blocked = await change(buyer.token, {
        current_password: FIXTURE.password,
        new_password: NEW_PASSWORD,
      });
      expect(blocked.statusCode).toBe(429);
      expect((await tryLogin(buyer.email, FIXTURE.password)).statusCode).toBe(429);
      expect(mailsTo(ctx.mailDir, buyer.email)).toEqual([]);
      expect((await refresh(buyer.refresh)).statusCode).toBe(200);
    });

    it.each([
      ['password1234', PASSWORD_TOO_WEAK_MESSAGE],
      ['qwertyuiop123', PASSWORD_TOO_WEAK_MESSAGE],
      ['aaaaaaaaaaaaaaaa', PASSWORD_TOO_WEAK_MESSAGE],
      ['short-pass', 'Use at least 12 characters.'],
    ])('refuses the new password %s', async (newPassword, message) => {
      const buyer = await newBuyer();
      const response = await change(buyer.token, {
        current_password: FIXTURE.password,
        new_password: newPassword,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([
        expect.objectContaining({ path: 'new_password', message }),
      ]);
      expect((await tryLogin(buyer.email, FIXTURE.password)).statusCode).toBe(200);
    });

    it('names both fields when the current password is wrong and the new one weak', async () => {
      const buyer = await newBuyer();
      const response = await change(buyer.token, {
        current_password: 'not-my-password',
        new_password: 'iloveyou1234',
      });
      expect(response.json().violations.map((v: { path: string }) => v.path)).toEqual([
        'current_password',
        'new_password',
      ]);
    });

    it('refuses the current password as the new one', async () => {
      const buyer = await newBuyer();
      const response = await change(buyer.token, {
        current_password: FIXTURE.password,
        new_password: FIXTURE.password,
      });
      expect(response.json().violations).toEqual([
        { path: 'new_password', message: SAME_PASSWORD_MESSAGE },
      ]);
    });

    it('names missing and unknown fields, refuses JSON, and answers 401 without a token', async () => {
      const buyer = await newBuyer();
      const empty = await change(buyer.token, { roles: 'ROLE_ADMIN' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().violations).toEqual([
        { path: 'current_password', message: 'Enter your current password.' },
        { path: 'new_password', message: 'Choose a password of at least 12 characters.' },
        { path: 'roles', message: UNKNOWN_FIELD_MESSAGE },
      ]);
      const json = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/common/profiles/passwords/changes',
        headers: bearer(buyer.token),
        payload: { current_password: FIXTURE.password, new_password: NEW_PASSWORD },
      });
      expect(json.statusCode).toBe(415);
      const form = multipart({ current_password: FIXTURE.password, new_password: NEW_PASSWORD });
      const anonymous = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/common/profiles/passwords/changes',
        headers: form.headers,
        payload: form.payload,
      });
      expect(anonymous.statusCode).toBe(401);
      const nul = await change(buyer.token, {
        current_password: FIXTURE.password,
        new_password: 'x'.repeat(2000),
      });
      expect(nul.statusCode).toBe(400);
    });
  });

  it('documents the routes in the OpenAPI description', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const details = document.paths['/api/v1/buyer/profiles'].put;
    const schema = details.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual([
      'first_name',
      'last_name',
      'phone',
      'is_newsletter_subscribed',
    ]);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(details.responses)).toEqual(['200', '400', '401', '403', '500']);
    expect(
      Object.keys(document.paths['/api/v1/buyer/profiles/email-changes'].post.responses),
    ).toEqual(['202', '400', '401', '403', '429', '500']);
    expect(document.paths['/api/v1/public/email-changes/confirmations/{token}'].post).toBeDefined();
    const change = document.paths['/api/v1/common/profiles/passwords/changes'].put;
    expect(Object.keys(change.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(change.responses)).toContain('429');
  });

  describe('the same password policy at registration and reset', () => {
    it('refuses a common password at registration and a weak one at reset, keeping the link', async () => {
      await ctx.handle.db.delete(mailRequests);
      const registration = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/public/registrations',
        payload: {
          email: `reg-${randomUUID()}@example.com`,
          password: 'Password123!',
          first_name: 'Rita',
          last_name: 'Novak',
          company_name: 'Novak Media',
        },
      });
      expect(registration.statusCode).toBe(400);
      expect(registration.json().violations).toEqual([
        expect.objectContaining({ path: 'password', message: PASSWORD_TOO_WEAK_MESSAGE }),
      ]);

      const buyer = await newBuyer();
      await ctx.injectAndSendMail({
        method: 'POST',
        url: '/api/v1/public/passwords/resets',
        payload: { email: buyer.email },
      });
      const token = lastMailedToken(ctx.mailDir, buyer.email, '/passwords-resets');
      const reset = (password: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/public/passwords/resets/${token}`,
          payload: { password },
        });
      expect((await reset('letmein12345')).json().violations).toEqual([
        expect.objectContaining({ path: 'password', message: PASSWORD_TOO_WEAK_MESSAGE }),
      ]);
      expect((await reset(NEW_PASSWORD)).statusCode).toBe(204);
    });
  });
});
