import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { mailRequests } from '#server/db/schema/index.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import { createTestContext, TEST_START, type TestContext } from '#tests/helpers/test-app.ts';

import { TOO_MANY_MAIL_REQUESTS_MESSAGE } from './mail-throttle.ts';

describe('limits on registration and password-reset requests', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      overrides: { mailRequestLimits: { perAddress: 4, perEmail: 2 } },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    ctx.clock.set(TEST_START);
    await ctx.handle.db.delete(mailRequests);
  });

  const requestReset = (email: string, address = '203.0.113.7') =>
    ctx.injectAndSendMail({
      method: 'POST',
      url: '/api/v1/public/passwords/resets',
      payload: { email },
      remoteAddress: address,
    });
  const register = (email: string, address = '203.0.113.7') =>
    ctx.injectAndSendMail({
      method: 'POST',
      url: '/api/v1/public/registrations',
      payload: {
        email,
        password: 'correct-horse-battery',
        first_name: 'Rita',
        last_name: 'Novak',
        company_name: 'Novak Media',
      },
      remoteAddress: address,
    });

  it('mails one address at most perEmail times an hour, for known and unknown e-mails alike', async () => {
    const known = FIXTURE.buyer;
    const before = mailsTo(ctx.mailDir, known).length;
    expect((await requestReset(known, '198.51.100.1')).statusCode).toBe(202);
    expect((await requestReset(known, '198.51.100.2')).statusCode).toBe(202);
    const refused = await requestReset(known, '198.51.100.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: TOO_MANY_MAIL_REQUESTS_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect(mailsTo(ctx.mailDir, known).length).toBe(before + 2);

    // An unknown e-mail is limited the same way, so the answers tell nothing about accounts.
    await requestReset('nobody@example.com', '198.51.100.1');
    await requestReset('nobody@example.com', '198.51.100.2');
    expect((await requestReset('nobody@example.com', '198.51.100.3')).statusCode).toBe(429);
  });

  it('limits one client address across e-mails, and lets it ask again when the hour has passed', async () => {
    for (let n = 0; n < 4; n += 1) {
      expect((await requestReset(`someone-${n}@example.com`)).statusCode).toBe(202);
    }
    ctx.clock.advanceSeconds(30 * 60);
    const refused = await requestReset('someone-else@example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(30 * 60);
    expect((await requestReset('someone-else@example.com', '192.0.2.10')).statusCode).toBe(202);

    ctx.clock.advanceSeconds(30 * 60 + 1);
    expect((await requestReset('someone-else@example.com')).statusCode).toBe(202);
  });

  it('queues exactly perEmail mails for 20 reset requests sent at once', async () => {
    const known = FIXTURE.buyer;
    const before = mailsTo(ctx.mailDir, known).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/public/passwords/resets',
          payload: { email: known },
          remoteAddress: `198.51.100.${i + 1}`,
        }),
      ),
    );
    await ctx.drainMail();
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(18);
    expect(mailsTo(ctx.mailDir, known).length).toBe(before + 2);
  });

  it('counts registrations apart from resets', async () => {
    for (let n = 0; n < 4; n += 1) {
      expect((await requestReset(`reset-${n}@example.com`)).statusCode).toBe(202);
    }
    const registered = await register('new.buyer@example.com');
    expect(registered.statusCode).toBe(202);
    expect(mailsTo(ctx.mailDir, 'new.buyer@example.com')).toHaveLength(1);
    await register('new.buyer@example.com', '198.51.100.9');
    const refused = await register('new.buyer@example.com', '198.51.100.10');
    expect(refused.statusCode).toBe(429);
    expect(mailsTo(ctx.mailDir, 'new.buyer@example.com')).toHaveLength(2);
  });

  it('keeps the table small: requests older than the window are deleted', async () => {
    await requestReset('a@example.com');
    ctx.clock.advanceSeconds(60 * 60 + 1);
    await requestReset('b@example.com');
    const rows = await ctx.handle.db.select().from(mailRequests);
    expect(rows.map((row) => row.subject).sort()).toEqual(['203.0.113.7', 'b@example.com']);
  });
});
