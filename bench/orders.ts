// Latency of following orders: GET /api/v1/buyer/orders (the first page, a search, a filter with a
// price sort, a deep page) and GET /api/v1/buyer/orders/{id}/items, through the whole app
// (app.inject), for one buyer with BENCH_ORDERS orders (default 1,000) of BENCH_ORDER_ITEMS items
// each (default 10), on PGlite (in memory) and on PostgreSQL (embedded, BENCH_ORDERS_PG=0 skips it).
// The catalogue is small (the orders do not depend on its size); the other demo buyer gets a
// tenth as many orders, so that the buyer's filter has something to filter out.
import { eq, sql } from 'drizzle-orm';

import { ORDER_ITEM_STATUSES } from '#contract/orders.ts';
import { type DatabaseHandle, queryRows } from '#server/db/database.ts';
import { openPgliteDatabase } from '#server/db/pglite.ts';
import { openPostgresDatabase } from '#server/db/postgres.ts';
import { seedReferenceData } from '#server/db/reference-data.ts';
import { accounts, users } from '#server/db/schema/index.ts';
import { seedDemoData } from '#server/db/seed/demo-data.ts';
import { DEMO_EMAILS } from '#server/db/seed/demo-users.ts';
import { startTemporaryPostgres } from '#tests/helpers/embedded-postgres.ts';

import { startBenchApp } from './bench-app.ts';
import { median, ms, percentile } from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const ITEMS = Number(process.env.BENCH_ORDER_ITEMS ?? 10);

/** Inserts `count` orders of `items` items each for the user, set-based. */
async function insertOrders(
  handle: DatabaseHandle,
  email: string,
  count: number,
  items: number,
  firstNumber: number,
): Promise<void> {
  const { db } = handle;
  const [person] = await db
    .select({ userId: users.id, companyId: accounts.companyId })
    .from(users)
    .innerJoin(accounts, eq(accounts.userId, users.id))
    .where(eq(users.email, email));
  if (!person) throw new Error(`No user ${email}`);
  const statuses = `{${ORDER_ITEM_STATUSES.join(',')}}`;
  await db.execute(sql`
    insert into orders (number, user_id, company_id, po_number, invoice_emails, billing,
      payment_method, payment_status, status, price, vat, vat_rate_basis_points, vat_treatment,
      price_with_vat, links_amount, created_at)
    select (${firstNumber} + g)::text, ${person.userId}, ${person.companyId},
      case when g % 3 = 0 then 'PO-' || g end, array['accounts@example.com'],
      '{"business_name":"Bench Ltd","country_id":"00000000-0000-4000-8000-000000000000","city":"London","address":"1 Bench Street","zip_code":"E1","vat_number":null}'::jsonb,
      (array['bank_transfer','credits','pay_by_bill'])[1 + g % 3]::payment_method,
      (array['pending_payment','paid','approved'])[1 + g % 3]::payment_status,
      (array['processing','processing','completed','cancelled'])[1 + g % 4]::order_status,
      (100 + (g * 37) % 4000)::numeric(12,2), 0, 0, 'outside_eu',
      (100 + (g * 37) % 4000)::numeric(12,2), ${items},
      now() - make_interval(hours => g)
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`
    with site_list as (
      select array_agg(id order by hostname) as ids, array_agg(hostname order by hostname) as names
      from sites
    ), niche as (select id from niches order by title limit 1)
    insert into order_items (order_id, number, position, status, site_id, site_hostname,
      buyer_domain_hostname, niche_id, price, content_price, article_topic, anchor_text,
      target_url, is_topic_needs_approval, is_article_provided_by_buyer,
      is_topic_provided_by_buyer, created_at)
    select o.id, o.number || '-' || i, i,
      (${statuses}::text[])[1 + (o.number::int + i) % ${ORDER_ITEM_STATUSES.length}]::order_item_status,
      s.ids[1 + (o.number::int * 7 + i) % array_length(s.ids, 1)],
      s.names[1 + (o.number::int * 7 + i) % array_length(s.names, 1)],
      'northwind-outdoor.com', n.id, 100, 0, 'i_will_write_my_topic', 'hiking boots',
      'https://northwind-outdoor.com/boots', false, true, true, o.created_at
    from orders o cross join generate_series(1, ${items}) as i cross join site_list s
      cross join niche n
    where o.user_id = ${person.userId}`);
}

async function load(handle: DatabaseHandle): Promise<number> {
  const started = performance.now();
  await handle.migrate();
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db, { siteCount: 2000 });
  await insertOrders(handle, DEMO_EMAILS.buyer, ORDERS, ITEMS, 200_000);
  await insertOrders(handle, DEMO_EMAILS.secondBuyer, Math.ceil(ORDERS / 10), ITEMS, 300_000);
  await handle.db.execute(sql`vacuum analyze`);
  return (performance.now() - started) / 1000;
}

async function measure(handle: DatabaseHandle, label: string): Promise<void> {
  const { app, token, close } = await startBenchApp(handle.db);
  try {
    const [middle] = await queryRows<{ id: string; hostname: string }>(
      handle.db,
      sql`select o.id, i.site_hostname as hostname from orders o
          join order_items i on i.order_id = o.id
          where o.number = ${String(200_000 + Math.ceil(ORDERS / 2))} and i.position = 1`,
    );
    if (!middle) throw new Error('No orders loaded');
    const requests: Record<string, string> = {
      'orders, first page': '/orders?limit=25',
      'orders, search by hostname': `/orders?filter[search]=${encodeURIComponent(middle.hostname)}&limit=25`,
      'orders, status + price sort':
        '/orders?filter[status][]=processing&sorting[price]=ASC&limit=25',
      'orders, page 20 (25 a page)': '/orders?limit=25&page=20',
      'items of one order': `/orders/${middle.id}/items?limit=25`,
    };
    console.log(`\n### ${label}\n`);
    console.log('| request | total | p50 | p95 |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [name, url] of Object.entries(requests)) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS + 3; run++) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/buyer${url}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${name}: ${response.body}`);
        total = response.json<{ pagination: { total: number } }>().pagination.total;
        // The first runs warm caches and plans.
        if (run >= 3) times.push(elapsed);
      }
      console.log(`| ${name} | ${total} | ${ms(median(times))} | ${ms(percentile(times, 95))} |`);
    }
  } finally {
    await close();
  }
}

async function benchPglite(): Promise<void> {
  const handle = await openPgliteDatabase();
  try {
    const seconds = await load(handle);
    await measure(handle, `PGlite (in memory), loaded in ${seconds.toFixed(0)} s`);
  } finally {
    await handle.close();
  }
}

async function benchPostgres(): Promise<void> {
  const server = await startTemporaryPostgres('buyer-portal-bench-orders-pg-');
  try {
    const handle = await openPostgresDatabase(server.url);
    try {
      const seconds = await load(handle);
      await measure(handle, `PostgreSQL (embedded), loaded in ${seconds.toFixed(0)} s`);
    } finally {
      await handle.close();
    }
  } finally {
    await server.stop();
  }
}

export async function runOrdersBench(): Promise<void> {
  console.log(
    `${ORDERS.toLocaleString('en')} orders × ${ITEMS} items for one buyer; ${RUNS} timed runs per request after 3 warm-up runs`,
  );
  await benchPglite();
  if (process.env.BENCH_ORDERS_PG !== '0') await benchPostgres();
}
