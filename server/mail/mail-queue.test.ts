import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { FIXTURE } from '#tests/helpers/fixture.ts';
import { createTestContext, TEST_START, type TestContext } from '#tests/helpers/test-app.ts';
import { createTestClock } from '#tests/helpers/test-clock.ts';
import { createEmptyPglite } from '#tests/helpers/test-databases.ts';

import type { DatabaseHandle } from '../db/database.ts';
import { jobs, mailRequests } from '../db/schema/index.ts';
import {
  createMailQueue,
  MAIL_JOB,
  MAIL_KEPT_DAYS,
  MAIL_MAX_ATTEMPTS,
  mailRetryDelayMs,
} from './mail-queue.ts';
import { mailPayloadKey } from './mail-secrets.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** An SMTP server that refuses the next `failures` messages, then accepts. */
function flakyTransport() {
  const state = { failures: 0, sent: [] as MailMessage[] };
  const transport: Mailer = {
    send: async (message) => {
      if (state.failures > 0) {
        state.failures -= 1;
        throw new Error('421 4.3.2 Service not available');
      }
      state.sent.push(message);
    },
  };
  return { state, transport };
}

const KEY = mailPayloadKey('a-test-secret-that-is-long-enough-0123456789');
const MESSAGE: MailMessage = { to: 'buyer@example.com', subject: 'Hello', text: 'Hi there' };

describe('the mail queue', () => {
  let handle: DatabaseHandle;
  const clock = createTestClock(TEST_START);
  const mailJobs = () => handle.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));

  beforeAll(async () => {
    handle = await createEmptyPglite();
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    clock.set(TEST_START);
    await handle.db.delete(jobs);
  });

  const queueWith = (transport: Mailer) =>
    createMailQueue({ db: handle.db, now: clock.now, transport, payloadKey: KEY, log: () => {} });

  it('sends a queued mail once, also when two workers look for it at the same time', async () => {
    const { state, transport } = flakyTransport();
    const first = queueWith(transport);
    const second = queueWith(transport);
    await first.queue.send(MESSAGE);
    const ran = await Promise.all([first.worker.runNext(), second.worker.runNext()]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await first.worker.runNext()).toBe(false);
    clock.advanceSeconds(24 * 60 * 60);
    expect(await second.worker.runNext()).toBe(false);
    expect(state.sent).toEqual([MESSAGE]);
    expect((await mailJobs()).map((job) => [job.status, job.attempts])).toEqual([['completed', 1]]);
  });

  it('queues in the caller’s transaction: a rolled-back change sends nothing', async () => {
    const { state, transport } = flakyTransport();
    const { queue, worker } = queueWith(transport);
    const rollback = new Error('the change failed');
    await expect(
      handle.db.transaction(async (tx) => {
        await queue.send(MESSAGE, tx);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await worker.runNext()).toBe(false);
    expect(state.sent).toEqual([]);
  });

  it('retries a failed send after growing delays, and gives up after the last attempt', async () => {
    const { state, transport } = flakyTransport();
    const { queue, worker } = queueWith(transport);
    state.failures = Number.POSITIVE_INFINITY;
    await queue.send(MESSAGE);
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await worker.runNext()).toBe(true);
      const [job] = await mailJobs();
      expect(job).toMatchObject({
        status: 'pending',
        attempts: attempt,
        lastError: '421 4.3.2 Service not available',
        runAfter: new Date(clock.now().getTime() + mailRetryDelayMs(attempt)),
      });
      // Not before its time.
      clock.advanceSeconds(mailRetryDelayMs(attempt) / 1000 - 1);
      expect(await worker.runNext()).toBe(false);
      clock.advanceSeconds(1);
    }
    expect(Object.keys((await mailJobs())[0]!.payload).sort()).toEqual([
      'sealed_text',
      'subject',
      'to',
    ]);
    expect(await worker.runNext()).toBe(true);
    expect(await mailJobs()).toMatchObject([
      {
        status: 'failed',
        attempts: MAIL_MAX_ATTEMPTS,
        lastError: '421 4.3.2 Service not available',
        // Given up: the text is gone, the address and subject stay for the operator.
        payload: { to: MESSAGE.to, subject: MESSAGE.subject },
      },
    ]);
    expect(Object.keys((await mailJobs())[0]!.payload)).toHaveLength(2);
    clock.advanceSeconds(24 * 60 * 60);
    expect(await worker.runNext()).toBe(false);
    expect(state.sent).toEqual([]);
  });

  it('stores the text sealed, keeps only the address and subject once sent, and deletes sent mail after a week', async () => {
    const { state, transport } = flakyTransport();
    const { queue, worker } = queueWith(transport);
    const secret = { ...MESSAGE, text: 'Reset: http://portal.test/passwords-resets?token=s3cr3t' };
    await queue.send(secret);
    const [queued] = await mailJobs();
    expect(JSON.stringify(queued?.payload)).not.toContain('s3cr3t');
    expect(queued?.payload).toMatchObject({ to: MESSAGE.to, subject: MESSAGE.subject });
    expect(await worker.runNext()).toBe(true);
    expect(state.sent).toEqual([secret]);
    expect(await mailJobs()).toMatchObject([{ status: 'completed' }]);
    expect((await mailJobs())[0]?.payload).toEqual({ to: MESSAGE.to, subject: MESSAGE.subject });

    // A mail queued in clear before texts were sealed is still sent, and scrubbed too.
    await handle.db.insert(jobs).values({
      kind: MAIL_JOB,
      payload: { ...MESSAGE },
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    expect(await worker.runNext()).toBe(true);
    expect(state.sent).toEqual([secret, MESSAGE]);
    expect((await mailJobs()).map((job) => job.payload)).toEqual([
      { to: MESSAGE.to, subject: MESSAGE.subject },
      { to: MESSAGE.to, subject: MESSAGE.subject },
    ]);

    clock.advanceSeconds(MAIL_KEPT_DAYS * 24 * 60 * 60 - 60);
    expect(await worker.runNext()).toBe(false);
    expect(await mailJobs()).toHaveLength(2);
    clock.advanceSeconds(2 * 60 * 60);
    expect(await worker.runNext()).toBe(false);
    expect(await mailJobs()).toEqual([]);
  });

  it('waits 1, 2, 4 … minutes between attempts, at most an hour, about two hours in all', () => {
    const delays = Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, index) =>
      mailRetryDelayMs(index + 1),
    );
    expect(delays.map((ms) => ms / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60]);
  });
});

describe('mail of a request when the SMTP server fails', () => {
  let ctx: TestContext;
  const smtp = flakyTransport();

  beforeAll(async () => {
    ctx = await createTestContext({ overrides: { mailer: smtp.transport } });
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.handle.db.delete(mailRequests);
  });

  const requestReset = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/passwords/resets',
      payload: { email: FIXTURE.buyer },
    });

  it('answers the request, then sends the mail on a later attempt, once', async () => {
    smtp.state.failures = 2;
    const response = await requestReset();
    expect(response.statusCode).toBe(202);

    await ctx.drainMail();
    expect(smtp.state.sent).toEqual([]);
    ctx.clock.advanceSeconds(mailRetryDelayMs(1) / 1000);
    await ctx.drainMail();
    expect(smtp.state.sent).toEqual([]);
    ctx.clock.advanceSeconds(mailRetryDelayMs(2) / 1000);
    await ctx.drainMail();
    expect(smtp.state.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [FIXTURE.buyer, 'Reset your password'],
    ]);

    ctx.clock.advanceSeconds(24 * 60 * 60);
    await ctx.drainMail();
    expect(smtp.state.sent).toHaveLength(1);
  });

  it('answers without waiting for an SMTP server that does not answer', async () => {
    const hanging: Mailer = { send: () => new Promise(() => {}) };
    const stuck = await createTestContext({
      overrides: { mailer: hanging },
      handle: ctx.handle,
      closeHandle: async () => {},
    });
    try {
      const response = await stuck.app.inject({
        method: 'POST',
        url: '/api/v1/public/passwords/resets',
        payload: { email: FIXTURE.secondBuyer },
      });
      expect(response.statusCode).toBe(202);
      const queued = await ctx.handle.db.select().from(jobs).where(eq(jobs.status, 'pending'));
      expect(queued.map((job) => [job.kind, job.payload.to])).toContainEqual([
        MAIL_JOB,
        FIXTURE.secondBuyer,
      ]);
    } finally {
      await stuck.close();
    }
  });
});
