import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { HOSTNAME_MESSAGES } from '#contract/hostname.ts';
import { FORBIDDEN_CHARACTER_MESSAGE } from '#contract/input-rules.ts';
import {
  STRATEGY_REQUESTS_PER_DAY,
  StrategyRequestListSchema,
  StrategyRequestSchema,
} from '#contract/strategy-requests.ts';
import { strategyRequests, users } from '#server/db/schema/index.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import { type BuyerCalls, buyerCalls, countRows, type Who } from '#tests/helpers/orders.ts';
import {
  createTestContext,
  signInBuyers,
  TEST_PUBLIC_URL,
  TEST_START,
  type TestContext,
} from '#tests/helpers/test-app.ts';

import {
  NUL_CHARACTER_MESSAGE,
  TOO_MANY_STRATEGY_REQUESTS_MESSAGE,
} from './strategy-requests.service.ts';

const SALES = 'sales@portal.test';
const DESCRIPTION = 'We sell hiking boots and want links from outdoor blogs in the UK.';

describe('strategy requests', () => {
  let ctx: TestContext, call: BuyerCalls, tokens: Record<Who, string>;

  beforeAll(async () => {
    ctx = await createTestContext({ overrides: { salesEmail: SALES } });
    tokens = await signInBuyers(ctx.app);
    call = buyerCalls(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => {
    await ctx.handle.db.delete(strategyRequests);
    ctx.clock.set(TEST_START);
  });

  const send = (
    body: Record<string, unknown>,
    who: Who = 'buyer',
    headers: Record<string, string> = {},
  ) => call('POST', '/strategy-requests', tokens[who], body, headers);
  const list = async (who: Who, query = '') => {
    const response = await call('GET', `/strategy-requests${query}`, tokens[who]);
    expect(response.statusCode).toBe(200);
    return StrategyRequestListSchema.parse(response.json());
  };
  const mailJobs = () => countRows(ctx.handle.db, 'jobs', sql`kind = 'mail'`);

  it('stores the request as received, mails the account manager and confirms to the buyer', async () => {
    const response = await send({
      domain: 'https://www.Northwind-Outdoor.com/boots',
      description: `  ${DESCRIPTION}  `,
    });
    expect(response.statusCode).toBe(201);
    const request = StrategyRequestSchema.parse(response.json());
    expect(request).toEqual({
      id: expect.any(String),
      domain: 'northwind-outdoor.com',
      description: DESCRIPTION,
      status: 'received',
      created_at: TEST_START.toISOString(),
    });
    await ctx.drainMail();
    const [toManager] = mailsTo(ctx.mailDir, FIXTURE.accountManager).filter((mail) =>
      mail.subject.includes('northwind-outdoor.com'),
    );
    expect(toManager?.subject).toBe('Free strategy request for northwind-outdoor.com');
    expect(toManager?.text).toContain('Emma Johnson <buyer@example.com>');
    expect(toManager?.text).toContain('Company: Northwind Outdoor Ltd');
    expect(toManager?.text).toContain(DESCRIPTION);
    const [confirmation] = mailsTo(ctx.mailDir, FIXTURE.buyer).filter((mail) =>
      mail.subject.includes('strategy request'),
    );
    expect(confirmation?.subject).toBe(
      'We received your strategy request for northwind-outdoor.com',
    );
    expect(confirmation?.text).toContain('Hello Emma,');
    expect(confirmation?.text).toContain(`${TEST_PUBLIC_URL}/`);
    expect(mailsTo(ctx.mailDir, SALES)).toEqual([]);
  });

  it('mails the sales address when the buyer has no account manager', async () => {
    await ctx.handle.db
      .update(users)
      .set({ accountManagerId: null })
      .where(eq(users.email, FIXTURE.secondBuyer));
    const response = await send(
      { domain: 'kuechen-profi.de', description: DESCRIPTION },
      'secondBuyer',
    );
    expect(response.statusCode).toBe(201);
    await ctx.drainMail();
    const [toSales] = mailsTo(ctx.mailDir, SALES);
    expect(toSales?.subject).toBe('Free strategy request for kuechen-profi.de');
    expect(toSales?.text.startsWith('Hello,')).toBe(true);
    expect(mailsTo(ctx.mailDir, FIXTURE.secondBuyer).map((mail) => mail.subject)).toContain(
      'We received your strategy request for kuechen-profi.de',
    );
  });

  it.each([
    [{ domain: '', description: DESCRIPTION }, 'domain', HOSTNAME_MESSAGES.empty],
    [{ domain: '10.0.0.1', description: DESCRIPTION }, 'domain', HOSTNAME_MESSAGES.ip_address],
    [{ domain: 'shop\u0000.com', description: DESCRIPTION }, 'domain', FORBIDDEN_CHARACTER_MESSAGE],
    [
      { domain: 'shop.com', description: `${DESCRIPTION}\u0000` },
      'description',
      NUL_CHARACTER_MESSAGE,
    ],
    [
      { domain: 'shop.com', description: '  too short ' },
      'description',
      'Tell us a little more: at least 10 characters.',
    ],
  ])('refuses %j with a violation, and stores and mails nothing', async (body, path, message) => {
    const queued = await mailJobs();
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: 'Validation failed.',
      violations: [{ path, message }],
    });
    expect(await mailJobs()).toBe(queued);
    expect((await list('buyer')).pagination.total).toBe(0);
  });

  it('refuses a body with other keys or without a field', async () => {
    expect((await send({ domain: 'shop.com' })).statusCode).toBe(400);
    expect((await send({ description: DESCRIPTION })).statusCode).toBe(400);
    expect(
      (await send({ domain: 'shop.com', description: DESCRIPTION, status: 'sent' })).statusCode,
    ).toBe(400);
    expect((await send({ domain: 'shop.com', description: 'x'.repeat(2001) })).statusCode).toBe(
      400,
    );
  });

  it(`allows ${STRATEGY_REQUESTS_PER_DAY} requests in 24 hours, then answers 429 until the oldest leaves the window`, async () => {
    const hours = (n: number) => n * 60 * 60 * 1000;
    const userId = (
      await ctx.handle.db.select().from(users).where(eq(users.email, FIXTURE.buyer))
    )[0]?.id as string;
    // Sent five, four, three and two hours ago.
    await ctx.handle.db.insert(strategyRequests).values(
      [5, 4, 3, 2].map((ago) => ({
        userId,
        hostname: `shop-${ago}.com`,
        description: DESCRIPTION,
        createdAt: new Date(TEST_START.getTime() - hours(ago)),
      })),
    );
    expect((await send({ domain: 'fifth.com', description: DESCRIPTION })).statusCode).toBe(201);
    const queued = await mailJobs();
    const refused = await send({ domain: 'one-more.com', description: DESCRIPTION });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: TOO_MANY_STRATEGY_REQUESTS_MESSAGE });
    // The oldest request leaves the window in 19 hours.
    expect(refused.headers['retry-after']).toBe(String(19 * 60 * 60));
    expect(await mailJobs()).toBe(queued);
    // Another buyer has their own allowance.
    expect(
      (await send({ domain: 'kuechen-profi.de', description: DESCRIPTION }, 'secondBuyer'))
        .statusCode,
    ).toBe(201);
    // Moving the requests back in time stands for the hours passing (tokens expire meanwhile).
    const moveBack = (ms: number) =>
      ctx.handle.db
        .update(strategyRequests)
        .set({ createdAt: sql`${strategyRequests.createdAt} - ${`${ms} milliseconds`}::interval` });
    await moveBack(hours(19) - 1000);
    const stillRefused = await send({ domain: 'one-more.com', description: DESCRIPTION });
    expect(stillRefused.statusCode).toBe(429);
    expect(stillRefused.headers['retry-after']).toBe('1');
    await moveBack(1000);
    expect((await send({ domain: 'one-more.com', description: DESCRIPTION })).statusCode).toBe(201);
    expect((await list('buyer')).pagination.total).toBe(STRATEGY_REQUESTS_PER_DAY + 1);
  });

  it('lets only one of several requests sent together take the last place of the day', async () => {
    for (let index = 0; index < STRATEGY_REQUESTS_PER_DAY - 1; index += 1) {
      await send({ domain: `shop-${index}.com`, description: DESCRIPTION });
    }
    const answers = await Promise.all(
      [1, 2, 3].map((n) => send({ domain: `race-${n}.com`, description: DESCRIPTION })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429, 429]);
    expect((await list('buyer')).pagination.total).toBe(STRATEGY_REQUESTS_PER_DAY);
  });

  it('answers a repeat with the same Idempotency-Key with the first answer, mailing once', async () => {
    const key = { 'idempotency-key': 'strategy-1' };
    const body = { domain: 'repeat.com', description: DESCRIPTION };
    const first = await send(body, 'buyer', key);
    const queued = await mailJobs();
    const again = await send(body, 'buyer', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await mailJobs()).toBe(queued);
    expect((await list('buyer')).pagination.total).toBe(1);
  });

  it("lists the caller's requests only, newest first, in pages", async () => {
    for (const domain of ['first.com', 'second.com', 'third.com']) {
      await send({ domain, description: DESCRIPTION });
      ctx.clock.advanceSeconds(60);
    }
    await send({ domain: 'theirs.com', description: DESCRIPTION }, 'secondBuyer');
    const mine = await list('buyer');
    expect(mine.pagination).toEqual({ page: 1, limit: 10, total: 3 });
    expect(mine.data.map((request) => request.domain)).toEqual([
      'third.com',
      'second.com',
      'first.com',
    ]);
    expect(mine.data.every((request) => request.status === 'received')).toBe(true);
    const page = await list('buyer', '?limit=1&page=2');
    expect(page.data.map((request) => request.domain)).toEqual(['second.com']);
    const theirs = await list('secondBuyer');
    expect(theirs.data.map((request) => request.domain)).toEqual(['theirs.com']);
    expect((await call('GET', '/strategy-requests?limit=101', tokens.buyer)).statusCode).toBe(400);
  });

  it('needs a signed-in buyer', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await ctx.app.inject({
        method,
        url: '/api/v1/buyer/strategy-requests',
        ...(method === 'POST' ? { payload: { domain: 'a.com', description: DESCRIPTION } } : {}),
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
