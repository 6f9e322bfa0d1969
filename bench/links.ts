// Link monitoring at volume: BENCH_LINKS live links (default 10,000), due at once, checked by the
// real link monitor (claims, host leases, the per-process limit, stored results) and the real
// checker (safe fetching, HTML reading, robots.txt) against a farm of local HTTP servers that
// answer for BENCH_LINK_HOSTS publisher hostnames (default 1,000). Loopback is allowed here only,
// through the checker's `route`. Prints throughput, check times, memory, and the most requests one
// hostname was answering at once (must be 1). PGlite in its own thread, as the server runs it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';

import { queryRows } from '#server/db/database.ts';
import { openPgliteWorkerDatabase } from '#server/db/pglite-thread.ts';
import { seedReferenceData } from '#server/db/reference-data.ts';
import { seedDemoData } from '#server/db/seed/demo-data.ts';
import { DEMO_EMAILS } from '#server/db/seed/demo-users.ts';
import { createMailQueue } from '#server/mail/mail-queue.ts';
import { mailPayloadKey } from '#server/mail/mail-secrets.ts';
import { createMailer } from '#server/mail/mailer.ts';
import {
  createLinkChecker,
  createLinkMonitor,
  monitorPace,
} from '#server/modules/link-monitoring/link-monitoring.service.ts';
import { type PageServer, startPageServer } from '#tests/helpers/page-server.ts';

import { median, ms, percentile } from './stats.ts';

const LINKS = Number(process.env.BENCH_LINKS ?? 10_000);
const HOSTS = Number(process.env.BENCH_LINK_HOSTS ?? 1_000);
const SERVERS = 20;
const CONCURRENCY = Number(process.env.BENCH_LINK_CONCURRENCY ?? 8);
const TARGET = 'https://northwind-outdoor.com/boots';
const ANCHOR = 'hiking boots';

function articlePage(host: string, path: string): string {
  // About 30 KB, like a real article: paragraphs, navigation links, and the ordered link.
  const paragraph = `<p>${'Walking in the hills needs good shoes and a plan. '.repeat(12)}</p>`;
  const nav = Array.from({ length: 60 }, (_, i) => `<a href="/section-${i}">Section ${i}</a>`);
  return `<!doctype html><html><head><title>${host}${path}</title></head><body>
<nav>${nav.join(' ')}</nav>${paragraph.repeat(25)}
<p>Read more about <a href="${TARGET}">${ANCHOR}</a> before you go.</p>${paragraph.repeat(25)}
</body></html>`;
}

export async function runLinksBench(): Promise<void> {
  const inFlight = new Map<string, number>();
  let mostAtOnce = 0;
  let requests = 0;
  const farm: PageServer[] = [];
  for (let i = 0; i < SERVERS; i++) {
    farm.push(
      await startPageServer((request, response) => {
        const host = request.headers.host ?? '';
        const now = (inFlight.get(host) ?? 0) + 1;
        inFlight.set(host, now);
        mostAtOnce = Math.max(mostAtOnce, now);
        requests += 1;
        const done = () => inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
        response.once('close', done);
        if (request.url === '/robots.txt') {
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.end('User-agent: *\nAllow: /\n');
          return;
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(articlePage(host, request.url ?? '/'));
      }),
    );
  }
  const hostIndex = (hostname: string) => Number(/^h(\d+)\./.exec(hostname)?.[1] ?? 0);
  const checker = createLinkChecker({
    userAgent: 'BuyerPortalLinkMonitor/1.0 (+http://bench.test/link-monitoring)',
    allowLoopback: true,
    route: (hostname) => ({
      address: '127.0.0.1',
      port: farm[hostIndex(hostname) % SERVERS]!.port,
    }),
  });

  const handle = await openPgliteWorkerDatabase({});
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-links-'));
  try {
    await handle.migrate();
    await seedReferenceData(handle.db);
    await seedDemoData(handle.db, { siteCount: 200 });
    await loadLiveLinks(handle.db);
    const mail = createMailQueue({
      db: handle.db,
      now: () => new Date(),
      transport: createMailer({ from: 'bench@example.com', mailDir, log: () => {} }),
      payloadKey: mailPayloadKey(randomBytes(32).toString('base64url')),
      log: () => {},
    });
    const monitor = createLinkMonitor({
      db: handle.db,
      now: () => new Date(),
      checker,
      pace: monitorPace({ intervalHours: 24, demoPaceSeconds: 0 }),
      concurrency: CONCURRENCY,
      guaranteeMonths: 12,
      mail: mail.queue,
      publicUrl: 'http://bench.test',
    });
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 200);
    const started = performance.now();
    const storedChecks = async () =>
      (
        await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from link_checks`)
      )[0]?.n ?? 0;
    let passes = 0;
    // A pass ends when nothing is due now; links whose hostname was busy come due again shortly.
    while ((await storedChecks()) < LINKS && performance.now() - started < 20 * 60_000) {
      await monitor.runDue();
      passes += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const checks = await queryRows<{ duration_ms: number; outcome: string }>(
      handle.db,
      sql`select duration_ms, outcome from link_checks`,
    );
    const durations = checks.map((check) => check.duration_ms);
    const outcomes = new Map<string, number>();
    for (const check of checks) outcomes.set(check.outcome, (outcomes.get(check.outcome) ?? 0) + 1);
    const perSecond = checks.length / seconds;
    console.log(
      `${LINKS.toLocaleString('en')} live links on ${HOSTS.toLocaleString('en')} hostnames, ` +
        `${SERVERS} local servers, ${CONCURRENCY} checks at once, PGlite in its own thread\n`,
    );
    console.log('| figure | value |');
    console.log('| --- | ---: |');
    console.log(`| checks stored | ${checks.length.toLocaleString('en')} (${passes} passes) |`);
    console.log(`| load average (1 min) at the end | ${os.loadavg()[0]!.toFixed(1)} |`);
    console.log(`| outcomes | ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')} |`);
    console.log(`| wall time | ${seconds.toFixed(1)} s |`);
    console.log(`| throughput | ${perSecond.toFixed(1)} checks/s |`);
    console.log(
      `| check time p50 / p95 | ${ms(median(durations))} / ${ms(percentile(durations, 95))} |`,
    );
    console.log(
      `| memory (RSS) before / peak | ${(rssBefore / 2 ** 20).toFixed(0)} / ${(rssPeak / 2 ** 20).toFixed(0)} MiB |`,
    );
    console.log(`| requests answered by the farm | ${requests.toLocaleString('en')} |`);
    console.log(`| most requests one hostname answered at once | ${mostAtOnce} |`);
    console.log(
      `\nA million links a day is ${(1_000_000 / 86_400).toFixed(1)} checks/s on average: ` +
        `${(1_000_000 / 86_400 / perSecond).toFixed(2)} of this process's measured rate.`,
    );
  } finally {
    await handle.close();
    await Promise.all(farm.map((server) => server.close()));
    rmSync(mailDir, { recursive: true, force: true });
  }
}

/** One order per 10 links for the demo buyer, every item live on one of HOSTS hostnames. */
async function loadLiveLinks(db: Parameters<typeof queryRows>[0]): Promise<void> {
  const [person] = await queryRows<{ user_id: string; company_id: string }>(
    db,
    sql`select u.id as user_id, a.company_id from users u join accounts a on a.user_id = u.id
        where u.email = ${DEMO_EMAILS.buyer} limit 1`,
  );
  if (!person) throw new Error('No demo buyer');
  const orders = Math.ceil(LINKS / 10);
  await db.execute(sql`
    insert into orders (number, user_id, company_id, po_number, invoice_emails, billing,
      payment_method, payment_status, status, price, vat, vat_rate_basis_points, vat_treatment,
      price_with_vat, links_amount, created_at)
    select (500000 + g)::text, ${person.user_id}, ${person.company_id}, null,
      array['accounts@example.com'],
      '{"business_name":"Bench Ltd","country_id":"00000000-0000-4000-8000-000000000000","city":"London","address":"1 Bench Street","zip_code":"E1","vat_number":null}'::jsonb,
      'credits'::payment_method, 'paid'::payment_status, 'completed'::order_status,
      1000, 0, 0, 'outside_eu', 1000, 10, now() - interval '1 day'
    from generate_series(1, ${orders}) as g`);
  await db.execute(sql`
    with niche as (select id from niches order by title limit 1)
    insert into order_items (order_id, number, position, status, site_id, site_hostname,
      buyer_domain_hostname, niche_id, price, content_price, article_topic, anchor_text,
      target_url, is_topic_needs_approval, is_article_provided_by_buyer,
      is_topic_provided_by_buyer, live_link, published_at, created_at)
    select o.id, o.number || '-' || i, i, 'live_link'::order_item_status, null,
      'h' || ((o.number::int * 10 + i) % ${HOSTS}) || '.bench.test',
      'northwind-outdoor.com', n.id, 100, 0, 'i_will_write_my_topic', ${ANCHOR}, ${TARGET},
      false, true, true,
      'http://h' || ((o.number::int * 10 + i) % ${HOSTS}) || '.bench.test/article-' || o.number || '-' || i,
      now() - interval '1 day', o.created_at
    from orders o cross join generate_series(1, 10) as i cross join niche n
    where o.number::int > 500000 and (o.number::int - 500001) * 10 + i <= ${LINKS}`);
  await db.execute(sql`
    insert into link_monitors (item_id, expected_rel, guarantee_ends_at, next_check_at, started_at)
    select id, 'do_follow', now() + interval '11 months', now() - interval '1 minute', now()
    from order_items where number like '5%' and status = 'live_link' and live_link like 'http://h%'`);
}
