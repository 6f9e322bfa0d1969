// Security events reach the log as one warning each, naming the user (when known) and the client
// address, never a token.
import { Writable } from 'node:stream';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { STRATEGY_REQUESTS_PER_DAY } from '#contract/strategy-requests.ts';
import { users } from '#server/db/schema/index.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { bearer, createTestContext, login, type TestContext } from '#tests/helpers/test-app.ts';

interface LogLine {
  level: number;
  msg: string;
  event?: string;
  user_id?: string | null;
  address?: string;
}

const WARN = 40;
const ADDRESS = '198.51.100.23';

describe('security events in the log', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  const events = () =>
    lines
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.level === WARN && line.msg === 'Security event');
  const userId = async (email: string) =>
    (await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    ctx = await createTestContext({
      overrides: {
        logger: { level: 'warn', stream },
        loginLimits: { accountFailures: 2 },
        mailRequestLimits: { perAddress: 1, perEmail: 1 },
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('logs a replayed refresh token with its user and address, without the token', async () => {
    const first = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
    const refresh = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/token/refresh',
        payload: { refresh_token: token },
        remoteAddress: ADDRESS,
      });
    const second = (await refresh(first.refresh_token)).json<{ refresh_token: string }>();
    expect(events()).toEqual([]);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect(events()).toEqual([
      expect.objectContaining({
        event: 'refresh_token_replayed',
        user_id: await userId(FIXTURE.buyer),
        address: ADDRESS,
      }),
    ]);
    const log = lines.join('\n');
    expect(log).not.toContain(first.refresh_token);
    expect(log).not.toContain(second.refresh_token);
  });

  it('does not count a token of a session ended by logout as a replay', async () => {
    const pair = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refresh_token: pair.refresh_token },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(response.statusCode).toBe(401);
    expect(events()).toEqual([]);
  });

  it('logs each login refused by the limits with the client address, not the password', async () => {
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: FIXTURE.secondBuyer, password: 'wrong-password-123' },
        remoteAddress: ADDRESS,
      });
    await attempt();
    await attempt();
    expect(events()).toEqual([]);
    expect((await attempt()).statusCode).toBe(429);
    expect((await attempt()).statusCode).toBe(429);
    expect(events()).toEqual([
      expect.objectContaining({ event: 'rate_limited', user_id: null, address: ADDRESS }),
      expect.objectContaining({ event: 'rate_limited', user_id: null, address: ADDRESS }),
    ]);
    expect(lines.join('\n')).not.toContain('wrong-password-123');
  });

  it('logs a mail request refused by the limits', async () => {
    const requestReset = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/public/passwords/resets',
        payload: { email: 'someone@example.com' },
        remoteAddress: ADDRESS,
      });
    expect((await requestReset()).statusCode).toBe(202);
    expect((await requestReset()).statusCode).toBe(429);
    expect(events()).toEqual([
      expect.objectContaining({ event: 'rate_limited', user_id: null, address: ADDRESS }),
    ]);
  });

  it("logs a signed-in buyer's refused request with the buyer's id", async () => {
    const { token } = await login(ctx.app, FIXTURE.buyer, FIXTURE.password);
    const send = (index: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/buyer/strategy-requests',
        headers: bearer(token),
        payload: {
          domain: `shop-${index}.com`,
          description: 'We sell hiking boots and want links from outdoor blogs in the UK.',
        },
        remoteAddress: ADDRESS,
      });
    for (let index = 0; index < STRATEGY_REQUESTS_PER_DAY; index += 1) {
      expect((await send(index)).statusCode).toBe(201);
    }
    expect((await send(99)).statusCode).toBe(429);
    expect(events()).toEqual([
      expect.objectContaining({
        event: 'rate_limited',
        user_id: await userId(FIXTURE.buyer),
        address: ADDRESS,
      }),
    ]);
    expect(lines.join('\n')).not.toContain(token);
  });
});
