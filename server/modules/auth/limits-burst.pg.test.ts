// Sign-in and mail limits under a burst sent to two API processes on one PostgreSQL, each with its
// own pool of connections: exactly the limit passes, whichever process answers (decision 197).
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';

import { openPostgresDatabase } from '#server/db/postgres.ts';
import { loginFailures, mailRequests } from '#server/db/schema/index.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';
import { createTestPostgres } from '#tests/helpers/test-databases.ts';

describe('limits under a burst across two API processes', () => {
  let processes: TestContext[];

  beforeAll(async () => {
    const database = await createTestPostgres(inject('databaseUrl'));
    const overrides = { mailRequestLimits: { perAddress: 50, perEmail: 3 } };
    const first = await createTestContext({
      handle: database.handle,
      closeHandle: database.drop,
      overrides,
    });
    const second = await createTestContext({
      handle: await openPostgresDatabase(database.url),
      overrides,
    });
    processes = [first, second];
  });
  afterAll(async () => {
    // The second process's connections close before the first drops the database.
    await processes[1]?.close();
    await processes[0]?.close();
  });
  beforeEach(async () => {
    const db = processes[0]!.handle.db;
    await db.delete(loginFailures);
    await db.delete(mailRequests);
  });

  const through = (i: number) => processes[i % processes.length]!;

  it('checks exactly 5 of 40 wrong passwords sent at once for one account', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        through(i).app.inject({
          method: 'POST',
          url: '/api/login_check',
          payload: { username: FIXTURE.secondBuyer, password: `wrong-${i}` },
          remoteAddress: `198.51.100.${i + 1}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('900');
  });

  it('queues exactly 3 reset mails for 20 requests sent at once for one e-mail', async () => {
    const before = processes.map((ctx) => mailsTo(ctx.mailDir, FIXTURE.buyer).length);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        through(i).app.inject({
          method: 'POST',
          url: '/api/v1/public/passwords/resets',
          payload: { email: FIXTURE.buyer },
          remoteAddress: `198.51.100.${i + 1}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    for (const ctx of processes) await ctx.drainMail();
    const sent = processes.map(
      (ctx, i) => mailsTo(ctx.mailDir, FIXTURE.buyer).length - (before[i] ?? 0),
    );
    expect(sent[0]! + sent[1]!).toBe(3);
  });
});
