// The client's address behind proxies, as the sign-in limits see it (TRUST_PROXY, decision 197).
// The balancer connects from 10.0.0.2 and appends the address it saw to X-Forwarded-For; whatever
// a client wrote into the header comes before that.
import { Writable } from 'node:stream';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { loginFailures } from '#server/db/schema/index.ts';
import type { TrustProxy } from '#server/http/trust-proxy.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { createTestContext, TEST_START, type TestContext } from '#tests/helpers/test-app.ts';

import { UNTRUSTED_FORWARDING_WARNING } from './forwarded-for.ts';

const BALANCER = '10.0.0.2';
const CDN_EDGE = '198.51.100.200';
const CLIENT = '203.0.113.5';
const OTHER_CLIENT = '203.0.113.6';

function useAppBehind(trustProxy: TrustProxy, lines: string[] = []): { ctx: TestContext } {
  const app = {} as { ctx: TestContext };
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app.ctx = await createTestContext({
      overrides: { trustProxy, logger: { level: 'warn', stream } },
    });
  });
  afterAll(async () => {
    await app.ctx?.close();
  });
  beforeEach(async () => {
    app.ctx.clock.set(TEST_START);
    await app.ctx.handle.db.delete(loginFailures);
  });
  return app;
}

const signIn = (
  ctx: TestContext,
  {
    username,
    password,
    forwardedFor,
  }: { username: string; password: string; forwardedFor?: string },
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login_check',
    payload: { username, password },
    remoteAddress: BALANCER,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });

const addressSubjects = async (ctx: TestContext) =>
  (
    await ctx.handle.db
      .select({ subject: loginFailures.subject })
      .from(loginFailures)
      .where(eq(loginFailures.scope, 'address'))
  ).map(({ subject }) => subject);

/** 30 failures for made-up accounts from `client`, each with another forged address in front. */
async function failThirtyTimes(ctx: TestContext, client: string, via = '') {
  for (let i = 0; i < 30; i += 1) {
    const answer = await signIn(ctx, {
      username: `made-up-${i}@example.com`,
      password: 'guess',
      forwardedFor: `192.0.2.${i + 1}, ${client}${via}`,
    });
    expect(answer.statusCode).toBe(401);
  }
}

describe('the client address behind one load balancer (TRUST_PROXY=1)', () => {
  const app = useAppBehind(1);

  it('limits the address the balancer saw, whatever the client forges in front of it', async () => {
    const { ctx } = app;
    await failThirtyTimes(ctx, CLIENT);
    const refused = await signIn(ctx, {
      username: FIXTURE.buyer,
      password: FIXTURE.password,
      forwardedFor: `192.0.2.250, ${CLIENT}`,
    });
    expect(refused.statusCode).toBe(429);
    expect(new Set(await addressSubjects(ctx))).toEqual(new Set([CLIENT]));
  });

  it('never limits the balancer itself: other buyers still sign in through it', async () => {
    const { ctx } = app;
    await failThirtyTimes(ctx, CLIENT);
    const other = await signIn(ctx, {
      username: FIXTURE.buyer,
      password: FIXTURE.password,
      forwardedFor: OTHER_CLIENT,
    });
    expect(other.statusCode).toBe(200);
    expect(await addressSubjects(ctx)).not.toContain(BALANCER);
  });
});

describe('the client address behind a CDN and a balancer', () => {
  for (const trustProxy of [2, [BALANCER, '198.51.100.0/24']] as TrustProxy[]) {
    describe(`TRUST_PROXY=${String(trustProxy)}`, () => {
      const app = useAppBehind(trustProxy);

      it('limits the address the CDN saw, never the CDN edge or the balancer', async () => {
        const { ctx } = app;
        await failThirtyTimes(ctx, CLIENT, `, ${CDN_EDGE}`);
        const refused = await signIn(ctx, {
          username: FIXTURE.buyer,
          password: FIXTURE.password,
          forwardedFor: `${CLIENT}, ${CDN_EDGE}`,
        });
        expect(refused.statusCode).toBe(429);
        const other = await signIn(ctx, {
          username: FIXTURE.buyer,
          password: FIXTURE.password,
          forwardedFor: `${OTHER_CLIENT}, ${CDN_EDGE}`,
        });
        expect(other.statusCode).toBe(200);
        expect(new Set(await addressSubjects(ctx))).toEqual(new Set([CLIENT]));
      });
    });
  }
});

describe('a balancer in front of an API that trusts no proxy (TRUST_PROXY=false)', () => {
  const lines: string[] = [];
  const app = useAppBehind(false, lines);

  it('sees every client as the balancer, so one client locks all out, and warns once', async () => {
    const { ctx } = app;
    await failThirtyTimes(ctx, CLIENT);
    const other = await signIn(ctx, {
      username: FIXTURE.buyer,
      password: FIXTURE.password,
      forwardedFor: OTHER_CLIENT,
    });
    expect(other.statusCode).toBe(429);
    expect(await addressSubjects(ctx)).toContain(BALANCER);
    const warnings = lines
      .map((line) => JSON.parse(line) as { msg: string; address?: string })
      .filter((line) => line.msg === UNTRUSTED_FORWARDING_WARNING);
    expect(warnings).toEqual([expect.objectContaining({ address: BALANCER })]);
  });
});

describe('every hop trusted (TRUST_PROXY=true, refused in production)', () => {
  const app = useAppBehind(true);

  it('takes the left-most forwarded address, which the client writes', async () => {
    const { ctx } = app;
    await failThirtyTimes(ctx, CLIENT);
    const subjects = await addressSubjects(ctx);
    expect(subjects).not.toContain(CLIENT);
    expect(new Set(subjects).size).toBe(30);
  });
});
