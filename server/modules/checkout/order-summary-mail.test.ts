// The order summary mail is queued with its order and retried until it is sent (decision 126).
import { randomUUID } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { IDEMPOTENCY_KEY_HEADER } from '#contract/endpoint-schemas.ts';
import { jobs, users } from '#server/db/schema/index.ts';
import { MAIL_JOB, MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from '#server/mail/mail-queue.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { failingFirst, mailsTo } from '#tests/helpers/mail-box.ts';
import {
  buyerCalls,
  type CatalogueFacts,
  catalogueFacts,
  countRows,
  creditsOf,
  lineOfKind,
} from '#tests/helpers/orders.ts';
import { createTestContext, signInBuyers, type TestContext } from '#tests/helpers/test-app.ts';

describe('the order summary mail', () => {
  let ctx: TestContext;
  let facts: CatalogueFacts;
  let failures: { left: number; attempts: number };
  const logged: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({
      overrides: {
        logger: {
          level: 'error',
          stream: { write: (line: string) => void logged.push(line) },
        },
      },
      wrapMailer: (mailer) => {
        const door = failingFirst(mailer, 0);
        failures = door.failures;
        return door.transport;
      },
    });
    facts = await catalogueFacts(ctx.handle.db);
    // The order's one mail is its summary: the invoice mails to the company's other members
    // (decision 208) are turned off.
    await ctx.handle.db.update(users).set({
      notificationPreferences: sql`${users.notificationPreferences} || '{"billing_documents": false}'::jsonb`,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => {
    await ctx.drainMail();
    failures.left = 0;
    failures.attempts = 0;
    logged.length = 0;
  });

  const summaries = () =>
    mailsTo(ctx.mailDir, FIXTURE.buyer).filter((mail) => mail.subject.startsWith('Your order'));
  const mailJobs = () => ctx.handle.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));

  /** Fills the cart with one line and orders it with credits under `key`. */
  async function order(key: string, fillCart = true) {
    const call = buyerCalls(ctx);
    // Signed in again each time: the tests move the clock past the access token's life.
    const token = (await signInBuyers(ctx.app)).buyer;
    if (fillCart) {
      const added = await call('POST', '/shopping-carts/items', token, {
        ...lineOfKind(facts, 'publisherTopic'),
      });
      expect(added.statusCode).toBe(201);
    }
    return call(
      'POST',
      '/orders',
      token,
      {
        company: facts.companyIds.buyer,
        invoice_emails: ['accounts@example.com'],
        payment_method: 'credits',
      },
      { [IDEMPOTENCY_KEY_HEADER]: key },
    );
  }

  it('is sent on a later attempt when writing it failed with a full disk', async () => {
    const before = summaries().length;
    failures.left = 2;
    const placed = await order(randomUUID());
    expect(placed.statusCode).toBe(201);
    const number = (placed.json() as { number: string }).number;

    await ctx.drainMail();
    expect(summaries()).toHaveLength(before);
    const [job] = (await mailJobs()).filter((row) => row.status !== 'completed');
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job?.lastError).toContain('ENOSPC');

    // Not before its delay; then the second attempt fails too, and the third sends it.
    ctx.clock.advanceSeconds(mailRetryDelayMs(1) / 1000 - 1);
    await ctx.drainMail();
    expect(failures.attempts).toBe(1);
    ctx.clock.advanceSeconds(1);
    await ctx.drainMail();
    expect(failures.attempts).toBe(2);
    ctx.clock.advanceSeconds(mailRetryDelayMs(2) / 1000);
    await ctx.drainMail();
    expect(failures.attempts).toBe(3);
    expect(summaries()).toHaveLength(before + 1);
    expect(summaries().at(-1)?.subject).toBe(`Your order ${number}`);
    ctx.clock.advanceSeconds(24 * 60 * 60);
    await ctx.drainMail();
    expect(summaries()).toHaveLength(before + 1);
  });

  it('stays failed, and is logged, after the last attempt', async () => {
    failures.left = Number.POSITIVE_INFINITY;
    expect((await order(randomUUID())).statusCode).toBe(201);
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await ctx.drainMail();
      ctx.clock.advanceSeconds(mailRetryDelayMs(attempt) / 1000);
    }
    await ctx.drainMail();
    expect(failures.attempts).toBe(MAIL_MAX_ATTEMPTS);
    const failed = (await mailJobs()).filter((row) => row.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(logged.join('\n')).toContain(
      `was not sent after ${MAIL_MAX_ATTEMPTS} attempts: ENOSPC: no space left on device`,
    );
    await ctx.handle.db.delete(jobs).where(eq(jobs.status, 'failed'));
  });

  it('is queued with its order: when it cannot be stored, no order is placed, and a retry places one', async () => {
    const db = ctx.handle.db;
    const balance = await creditsOf(db, facts.companyIds.buyer);
    const orders = await countRows(db, 'orders');
    const before = summaries().length;
    // The disk fills up after the order's rows were written, when the mail is stored.
    await db.execute(sql`create or replace function refuse_mail_jobs() returns trigger as $$
      begin
        if new.kind = 'mail' then
          raise exception 'could not extend file: No space left on device' using errcode = '53100';
        end if;
        return new;
      end $$ language plpgsql`);
    await db.execute(sql`create trigger refuse_mail_jobs before insert on jobs
      for each row execute function refuse_mail_jobs()`);
    const key = randomUUID();
    let refused;
    try {
      refused = await order(key);
    } finally {
      await db.execute(sql`drop trigger refuse_mail_jobs on jobs`);
      await db.execute(sql`drop function refuse_mail_jobs()`);
    }
    expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    expect(await countRows(db, 'orders')).toBe(orders);
    expect(await creditsOf(db, facts.companyIds.buyer)).toBe(balance);

    // The cart is still full: the same request, repeated, places the order and its mail.
    const placed = await order(key, false);
    expect(placed.statusCode).toBe(201);
    expect(await countRows(db, 'orders')).toBe(orders + 1);
    await ctx.drainMail();
    expect(summaries()).toHaveLength(before + 1);
    expect(summaries().at(-1)?.subject).toBe(
      `Your order ${(placed.json() as { number: string }).number}`,
    );
  });
});
