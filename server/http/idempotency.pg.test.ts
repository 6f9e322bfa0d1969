// The Idempotency-Key helper while a first request is still running. Needs a database that runs
// transactions side by side (PostgreSQL): PGlite would run the second only after the first.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IDEMPOTENCY_IN_FLIGHT_MESSAGE } from '#contract/orders.ts';
import { catalogueFacts } from '#tests/helpers/orders.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

import { jobs } from '../db/schema/index.ts';
import { ApiError } from './api-error.ts';
import { runIdempotent } from './idempotency.ts';

describe('Idempotency-Key while the first request runs', () => {
  let ctx: TestContext;
  let userId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    userId = (await catalogueFacts(ctx.handle.db)).userIds.buyer;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 409 to a repeat that waited too long, then replays the finished answer', async () => {
    const request = {
      userId,
      key: 'slow-one',
      scope: 'test',
      payload: { a: 1 },
      now: ctx.clock.now,
    };
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = runIdempotent(ctx.handle.db, request, async (tx) => {
      await tx.insert(jobs).values({ kind: 'idempotency-test', payload: {} });
      started();
      await gate;
      return { statusCode: 201, body: { done: true } };
    });
    await running;
    let work = 0;
    const repeat = runIdempotent(ctx.handle.db, { ...request, waitMs: 200 }, async () => {
      work += 1;
      return { statusCode: 201, body: { done: false } };
    });
    const refused = await repeat.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ statusCode: 409, message: IDEMPOTENCY_IN_FLIGHT_MESSAGE });
    release();
    expect(await first).toEqual({ statusCode: 201, body: { done: true }, replayed: false });
    const replay = await runIdempotent(ctx.handle.db, request, async () => {
      work += 1;
      return { statusCode: 201, body: { done: false } };
    });
    expect(replay).toEqual({ statusCode: 201, body: { done: true }, replayed: true });
    expect(work).toBe(0);
    const stored = await ctx.handle.db.select().from(jobs).where(eq(jobs.kind, 'idempotency-test'));
    expect(stored).toHaveLength(1);
  });
});
