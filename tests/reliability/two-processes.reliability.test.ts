// Two API processes on one PostgreSQL, each on a data directory of its own, as behind a load
// balancer: requests alternate between them (round-robin), so that whatever one process writes,
// the other must serve. Files live in S3-compatible object storage (s3rver on loopback).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type DatabaseHandle, queryRows } from '#server/db/database.ts';
import { openPostgresDatabase } from '#server/db/postgres.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '#server/db/seed/demo-users.ts';
import { type RunningPostgres, startTemporaryPostgres } from '#tests/helpers/embedded-postgres.ts';
import { type RunningS3Server, s3ServerEnv, startS3Server } from '#tests/helpers/s3-server.ts';

import { type ServerProcess, signIn, startServer } from './server-process.ts';

const BASE_PORT = Number(process.env.RELIABILITY_PORT ?? 4143) + 20;
const JWT_SECRET = 'two-processes-share-one-secret-of-32-chars-or-more';

describe('two API processes on one PostgreSQL behind a round-robin balancer', () => {
  let postgres: RunningPostgres;
  let s3: RunningS3Server;
  let handle: DatabaseHandle;
  let root: string;
  let servers: ServerProcess[] = [];
  let turn = 0;
  /** The process the balancer sends the next request to. */
  const next = () => servers[turn++ % servers.length]!;
  const api = (server: ServerProcess, route: string) => `${server.baseUrl}/api${route}`;
  let token: string;
  const bearer = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-two-processes-'));
    postgres = await startTemporaryPostgres('buyer-portal-two-processes-pg-');
    handle = await openPostgresDatabase(postgres.url);
    s3 = await startS3Server();
    const env = {
      ...s3ServerEnv(s3.endpoint),
      DATABASE_URL: postgres.url,
      JWT_SECRET,
      DEMO_DATA: 'true',
      SEED_SITES: '60',
    };
    // Both start at once, as a deploy starts them: one migrates and seeds, the other waits.
    servers = await Promise.all(
      [0, 1].map((index) =>
        startServer({
          dataDir: path.join(root, `process-${index}`),
          port: BASE_PORT + index,
          env,
        }),
      ),
    );
    token = await signIn(next().baseUrl, DEMO_EMAILS.buyer, DEMO_PASSWORD);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(async (server) => {
        server.child.kill('SIGTERM');
        await server.exited;
      }),
    );
    await handle?.close();
    await postgres?.stop();
    await s3?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('serves a session opened through one process through the other', async () => {
    const answers = await Promise.all(
      [next(), next()].map(async (server) => {
        const response = await fetch(api(server, '/v1/buyer/orders?limit=5'), {
          headers: bearer(),
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { pagination: { total: number } }).pagination.total;
      }),
    );
    expect(answers[0]).toBeGreaterThan(0);
    expect(answers[1]).toBe(answers[0]);
  });

  it('queues each slot of a daily job once, though both processes started at once', async () => {
    // A kind never queued before is queued at start: once, by whichever process claims the slot.
    const kinds = ['monthly-bills', 'missing-details-reminders', 'file-orphan-sweep'];
    const rows = await queryRows<{ kind: string; n: number }>(
      handle.db,
      sql`select kind, count(*)::int as n from jobs where kind in ${kinds} group by kind`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.kind, row.n]))).toEqual(
      Object.fromEntries(kinds.map((kind) => [kind, 1])),
    );
  });

  it('judges exactly the limit of a burst of wrong passwords sent to both processes', async () => {
    const account = `burst-${randomUUID()}@example.com`;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(api(next(), '/login_check'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: account, password: 'not the password' }),
        }).then((response) => response.status),
      ),
    );
    const count = (status: number) => statuses.filter((s) => s === status).length;
    // Five failures per account in the window (DEFAULT_LOGIN_LIMITS); the rest are refused unheard.
    expect({ judged: count(401), refused: count(429) }).toEqual({ judged: 5, refused: 35 });
  });

  it('queues exactly the limit of reset mails for a burst sent to both processes', async () => {
    const email = DEMO_EMAILS.secondBuyer;
    const before = await mailsTo(email);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(api(next(), '/v1/public/passwords/resets'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        }).then((response) => response.status),
      ),
    );
    // Three requests per e-mail address an hour (DEFAULT_MAIL_REQUEST_LIMITS).
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    expect((await mailsTo(email)) - before).toBe(3);
  });

  it('draws gapless invoice numbers when both processes run the monthly bills at once', async () => {
    const [{ max: before } = { max: 0 }] = await queryRows<{ max: number }>(
      handle.db,
      sql`select coalesce(max(substring(number from '[0-9]+$')::int), 0) as max from invoices`,
    );
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      // One of the buyer's orders becomes an unbilled pay-by-bill order of a past month...
      await handle.db.execute(sql`
        update orders set payment_method = 'pay_by_bill', invoice_id = null,
          created_at = make_timestamptz(2020, ${round + 1}, 15, 12, 0, 0, 'UTC')
        where id = (select o.id from orders o join users u on u.id = o.user_id
                    where u.email = ${DEMO_EMAILS.buyer} and o.invoice_id is not null
                    order by o.created_at limit 1)`);
      // ...and both processes are asked to bill it at the same time.
      const queued = await queryRows<{ id: string }>(
        handle.db,
        sql`insert into jobs (kind, payload) values ('monthly-bills', '{}'), ('monthly-bills', '{}')
            returning id`,
      );
      await waitFor(async () => {
        const rows = await queryRows<{ done: number }>(
          handle.db,
          sql`select count(*)::int as done from jobs
              where id in ${queued.map((job) => job.id)} and status in ('completed', 'failed')`,
        );
        return rows[0]?.done === queued.length;
      });
    }
    const numbers = await queryRows<{ n: number }>(
      handle.db,
      sql`select substring(number from '[0-9]+$')::int as n from invoices
          where substring(number from '[0-9]+$')::int > ${before} order by 1`,
    );
    expect(numbers.map((row) => row.n)).toEqual(
      Array.from({ length: rounds }, (_, index) => before + index + 1),
    );
  }, 120_000);

  it('serves an avatar uploaded through one process through the other', async () => {
    const image = await sharp({
      create: { width: 96, height: 96, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([image], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(api(next(), '/v1/common/profiles/avatars'), {
      method: 'PUT',
      headers: bearer(),
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { avatar_file: avatar } = (await uploaded.json()) as { avatar_file: { id: string } };
    for (const server of servers) {
      const response = await fetch(api(server, `/v1/common/profiles/avatars/${avatar.id}/large`), {
        headers: bearer(),
      });
      expect(response.status).toBe(200);
    }
  });

  it('serves every seeded invoice through both processes', async () => {
    const files = await queryRows<{ id: string }>(
      handle.db,
      sql`select f.id from files f join invoices i on i.file_id = f.id
          join accounts a on a.company_id = i.company_id and a.is_current
          join users u on u.id = a.user_id where u.email = ${DEMO_EMAILS.buyer} limit 4`,
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      for (const server of servers) {
        const response = await fetch(api(server, `/v1/files/${file.id}`), { headers: bearer() });
        expect(response.status, `file ${file.id} through ${server.baseUrl}`).toBe(200);
      }
    }
  });

  it('serves an export made through one process through both', async () => {
    const created = await fetch(api(next(), '/v1/buyer/sites/exports/tasks'), {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    let file: { id: string } | null = null;
    await waitFor(async () => {
      const task = (await (
        await fetch(api(next(), `/v1/buyer/sites/exports/tasks/${id}`), { headers: bearer() })
      ).json()) as { status: string; file: { id: string } | null };
      expect(task.status).not.toBe('failed');
      file = task.file;
      return file !== null;
    });
    for (const server of servers) {
      const response = await fetch(api(server, `/v1/files/${file!.id}`), { headers: bearer() });
      expect(response.status, `export through ${server.baseUrl}`).toBe(200);
      expect((await response.text()).split('\n').length).toBeGreaterThan(2);
    }
  });

  it('imports lists uploaded through one process whichever process runs the import', async () => {
    const domains = (await (
      await fetch(api(next(), '/v1/buyer/domains'), { headers: bearer() })
    ).json()) as { data: { id: string }[] };
    const domain = domains.data[0]!;
    for (let round = 0; round < 6; round++) {
      const form = new FormData();
      const list = Array.from({ length: 20 }, (_, i) => `referrer-${round}-${i}.example.com`);
      form.append('file', new Blob([list.join('\n')], { type: 'text/csv' }), 'list.csv');
      const uploaded = await fetch(api(next(), `/v1/buyer/domains/${domain.id}/referents`), {
        method: 'PUT',
        headers: bearer(),
        body: form,
      });
      expect(uploaded.status).toBe(202);
      const { import_status: status } = (await uploaded.json()) as {
        import_status: { id: string };
      };
      let outcome: { status: string; errors: string[] } | undefined;
      await waitFor(async () => {
        const answer = (await (
          await fetch(api(next(), `/v1/imports/statuses?filter[ids][]=${status.id}`), {
            headers: bearer(),
          })
        ).json()) as { data: { status: string; errors: string[] }[] };
        outcome = answer.data[0];
        return outcome?.status !== 'pending';
      });
      expect(outcome).toEqual({ id: status.id, status: 'success', errors: [] });
    }
  }, 120_000);

  async function mailsTo(email: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from jobs where kind = 'mail' and payload->>'to' = ${email}`,
    );
    return row?.n ?? 0;
  }
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Timed out waiting');
}
