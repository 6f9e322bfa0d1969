// The demo orders: what a fresh demo shows on the orders pages, checked against the rules the
// portal itself applies (prices, VAT, credits, decision 040's life cycle).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AUDIT_DETAILS, auditDetailsInOrder, isAuditMoney } from '#contract/audit.ts';
import type { CartDefaults } from '#contract/cart.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import type { PurchaseRequest } from '#contract/purchase-requests.ts';
import { vatCents } from '#contract/vat.ts';
import { type Database, queryRows } from '#server/db/database.ts';
import { seedReferenceData } from '#server/db/reference-data.ts';
import { seedDemoData } from '#server/db/seed/demo-data.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '#server/db/seed/demo-users.ts';
import { hashPassword } from '#server/modules/auth/auth.service.ts';
import {
  initialOrderItemStatus,
  isAllowed,
  ITEM_EVENTS,
  type ItemFacts,
  outcomeOf,
} from '#server/modules/order-items/order-items.service.ts';
import { bearer, createTestContext, login, type TestContext } from '#tests/helpers/test-app.ts';
import { createEmptyPglite, createTestPglite } from '#tests/helpers/test-databases.ts';

const TODAY = new Date('2026-03-02T09:00:00Z');
/** The demo buyer's balance the README's demo logins give. */
const DEMO_BUYER_CREDITS = '2000.00';
const DAY_MS = 24 * 60 * 60 * 1000;

async function seededDatabase(passwordHash: string) {
  const handle = await createEmptyPglite();
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db, { siteCount: 120, today: TODAY, orders: true, passwordHash });
  return handle;
}

interface ItemRow {
  number: string;
  email: string;
  order_number: string;
  payment_method: string;
  status: ItemFacts['status'];
  topic: string | null;
  topic_status: ItemFacts['topicStatus'];
  article_status: ItemFacts['articleStatus'];
  is_article_provided_by_buyer: boolean;
  is_topic_provided_by_buyer: boolean;
  is_topic_needs_approval: boolean;
  is_requested_edits: boolean;
  site_hostname: string;
  live_link: string | null;
  published_at: Date | null;
  article_link: string | null;
}

const itemRows = (db: Database) =>
  queryRows<ItemRow>(
    db,
    sql`select i.number, u.email, o.number as order_number, o.payment_method, i.status, i.topic,
               i.topic_status, i.article_status, i.is_article_provided_by_buyer,
               i.is_topic_provided_by_buyer, i.is_topic_needs_approval, i.is_requested_edits,
               i.site_hostname, i.live_link, i.published_at, i.article_link
        from order_items i join orders o on o.id = i.order_id join users u on u.id = o.user_id
        order by i.number`,
  );

/**
 * Every combination of what the life cycle looks at that decision 040's table can lead to from
 * a new item, trying each event with the inputs the portal gives it.
 */
function reachableStates(start: ItemFacts): Set<string> {
  const key = (facts: ItemFacts) =>
    [facts.status, facts.topicStatus, facts.articleStatus, facts.isRequestedEdits].join('|');
  const seen = new Map<string, ItemFacts>([[key(start), start]]);
  const queue = [start];
  for (let facts = queue.shift(); facts; facts = queue.shift()) {
    for (const event of ITEM_EVENTS) {
      if (!isAllowed(event, facts)) continue;
      const { status, changes } = outcomeOf(event, facts, {
        topic: 'A topic',
        articleLink: 'https://docs.example.com/article',
        liveLink: 'https://example.com/article',
        isRequestedEdits: true,
      });
      const next: ItemFacts = {
        ...facts,
        status,
        ...(changes.topic === undefined ? {} : { topic: changes.topic }),
        ...(changes.topicStatus === undefined ? {} : { topicStatus: changes.topicStatus }),
        ...(changes.articleStatus === undefined ? {} : { articleStatus: changes.articleStatus }),
        ...(changes.isRequestedEdits === undefined
          ? {}
          : { isRequestedEdits: changes.isRequestedEdits }),
      };
      if (!seen.has(key(next))) {
        seen.set(key(next), next);
        queue.push(next);
      }
    }
  }
  return new Set(seen.keys());
}

const PAYMENT_AT_CHECKOUT = {
  credits: 'paid',
  pay_by_bill: 'approved',
  bank_transfer: 'pending_payment',
} as const;

describe('the demo orders', () => {
  let handle: Awaited<ReturnType<typeof seededDatabase>>;
  let passwordHash: string;

  beforeAll(async () => {
    passwordHash = await hashPassword(DEMO_PASSWORD);
    handle = await seededDatabase(passwordHash);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('gives the demo buyer six orders of 2-5 items over the last 30 days, and the second buyer one', async () => {
    const rows = await queryRows<{
      email: string;
      number: string;
      status: string;
      payment_method: string;
      payment_status: string;
      links_amount: number;
      items: number;
      created_at: Date;
    }>(
      handle.db,
      sql`select u.email, o.number, o.status, o.payment_method, o.payment_status, o.links_amount,
                 (select count(*)::int from order_items i where i.order_id = o.id) as items,
                 o.created_at
          from orders o join users u on u.id = o.user_id order by o.created_at`,
    );
    const mine = rows.filter((row) => row.email === DEMO_EMAILS.buyer);
    expect(mine).toHaveLength(6);
    expect(rows.filter((row) => row.email === DEMO_EMAILS.secondBuyer)).toHaveLength(1);
    for (const row of rows) {
      expect(row.items).toBe(row.links_amount);
      const age = TODAY.getTime() - new Date(row.created_at).getTime();
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(30 * DAY_MS);
    }
    for (const row of mine) {
      expect(row.items).toBeGreaterThanOrEqual(2);
      expect(row.items).toBeLessThanOrEqual(5);
    }
    expect(mine.map((row) => `${row.status} ${row.payment_method} ${row.payment_status}`)).toEqual([
      'completed credits paid',
      'processing pay_by_bill approved',
      'processing credits paid',
      'processing bank_transfer paid',
      'processing credits paid',
      'processing bank_transfer pending_payment',
    ]);
  });

  it('leaves no cart lines or request keys behind', async () => {
    const [row] = await queryRows<{ cart: number; keys: number }>(
      handle.db,
      sql`select (select count(*)::int from cart_items) as cart,
                 (select count(*)::int from idempotency_keys) as keys`,
    );
    expect(row).toEqual({ cart: 0, keys: 0 });
  });

  it("spreads the demo buyer's items over the whole life cycle", async () => {
    const counts: Record<string, number> = {};
    for (const item of await itemRows(handle.db)) {
      if (item.email !== DEMO_EMAILS.buyer) continue;
      counts[item.status] = (counts[item.status] ?? 0) + 1;
    }
    expect(counts).toEqual({
      processing: 2,
      waiting_for_content: 3,
      in_progress: 2,
      topic_ready_for_approval: 1,
      content_ready_for_approval: 2,
      ready_for_publication: 1,
      sent_for_publication: 2,
      live_link: 6,
      cancelled: 1,
    });
  });

  it("shows what each item's status promises: topics, drafts and live links on the site", async () => {
    for (const item of await itemRows(handle.db)) {
      if (item.status === 'topic_ready_for_approval') expect(item.topic).toBeTruthy();
      if (item.status === 'content_ready_for_approval') {
        expect(item.article_link).toMatch(/^https:\/\//);
      }
      if (item.status === 'live_link') {
        expect(item.live_link?.startsWith(`https://${item.site_hostname}/`)).toBe(true);
        expect(item.published_at).not.toBeNull();
      } else {
        expect(item.live_link).toBeNull();
        expect(item.published_at).toBeNull();
      }
    }
  });

  it("leaves every item in a state decision 040's table reaches from a new item", async () => {
    // The search itself tells reachable from unreachable states.
    const providedArticle = reachableStates({
      status: 'waiting_for_content',
      isArticleProvidedByBuyer: true,
      isTopicProvidedByBuyer: true,
      isTopicNeedsApproval: false,
      topic: null,
      topicStatus: null,
      articleStatus: null,
      isRequestedEdits: false,
    });
    expect(providedArticle).toContain('live_link||published|false');
    expect(providedArticle).not.toContain('live_link|||false');
    expect(providedArticle).not.toContain(
      'topic_ready_for_approval|topic_ready_for_approval||false',
    );

    const items = await itemRows(handle.db);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const method = item.payment_method as keyof typeof PAYMENT_AT_CHECKOUT;
      const start: ItemFacts = {
        status: initialOrderItemStatus({
          isArticleProvidedByBuyer: item.is_article_provided_by_buyer,
          // The checkout awaits the buyer's topic when it was not given with the line.
          isTopicAwaited: item.is_topic_provided_by_buyer && item.is_article_provided_by_buyer,
          paymentStatus: PAYMENT_AT_CHECKOUT[method],
        }),
        isArticleProvidedByBuyer: item.is_article_provided_by_buyer,
        isTopicProvidedByBuyer: item.is_topic_provided_by_buyer,
        isTopicNeedsApproval: item.is_topic_needs_approval,
        topic: item.is_topic_provided_by_buyer ? item.topic : null,
        topicStatus: null,
        articleStatus: null,
        isRequestedEdits: false,
      };
      const state = [
        item.status,
        item.topic_status,
        item.article_status,
        item.is_requested_edits,
      ].join('|');
      expect(reachableStates(start), `${item.number}: ${state}`).toContain(state);
    }
  });

  it('prices every item by its site and plan, and totals every order from its items', async () => {
    const items = await queryRows<{ number: string; price: string; expected: string | null }>(
      handle.db,
      sql`select i.number, (i.price + i.content_price)::text as price,
                 (p.price + coalesce(c.price, 0))::text as expected
          from order_items i
          left join site_prices p on p.site_id = i.site_id and p.niche_id = i.niche_id
          left join content_product_plans c on c.id = i.content_product_plan_id`,
    );
    for (const item of items) expect(item.price, item.number).toBe(item.expected);

    const orders = await queryRows<{
      number: string;
      country: string;
      price: string;
      vat: string;
      vat_rate_basis_points: number;
      price_with_vat: string;
      items_total: string;
    }>(
      handle.db,
      sql`select o.number, c.iso_code as country, o.price, o.vat, o.vat_rate_basis_points,
                 o.price_with_vat,
                 (select sum(i.price + i.content_price) from order_items i where i.order_id = o.id)::text
                   as items_total
          from orders o join countries c on c.id = (o.billing ->> 'country_id')::uuid`,
    );
    for (const order of orders) {
      expect(order.price, order.number).toBe(order.items_total);
      // Decision 030: no VAT outside the EU (the demo buyer), the seller's 19 % at home.
      expect(order.vat_rate_basis_points).toBe(order.country === 'GB' ? 0 : 1900);
      expect(order.vat).toBe(
        centsToMoney(vatCents(moneyToCents(order.price), order.vat_rate_basis_points)),
      );
      expect(moneyToCents(order.price_with_vat)).toBe(
        moneyToCents(order.price) + moneyToCents(order.vat),
      );
    }
  });

  it('keeps each credits balance equal to its ledger, the demo buyer at the documented balance', async () => {
    const companies = await queryRows<{
      email: string;
      balance: string;
      ledger: string;
      last_after: string;
    }>(
      handle.db,
      sql`select u.email, c.credits_balance as balance,
                 (select sum(t.amount) from credit_transactions t where t.company_id = c.id)::text
                   as ledger,
                 (select t.balance_after from credit_transactions t where t.company_id = c.id
                   order by t.created_at desc limit 1) as last_after
          from companies c join accounts a on a.company_id = c.id join users u on u.id = a.user_id
          where a.role = 'owner'
          order by u.email`,
    );
    expect(companies).toEqual([
      {
        email: DEMO_EMAILS.buyer,
        balance: DEMO_BUYER_CREDITS,
        ledger: DEMO_BUYER_CREDITS,
        last_after: DEMO_BUYER_CREDITS,
      },
      { email: DEMO_EMAILS.secondBuyer, balance: '50.00', ledger: '50.00', last_after: '50.00' },
    ]);
    const running = await queryRows<{ company_id: string; amount: string; balance_after: string }>(
      handle.db,
      sql`select company_id, amount, balance_after from credit_transactions order by created_at`,
    );
    const balances = new Map<string, number>();
    for (const row of running) {
      const after = (balances.get(row.company_id) ?? 0) + moneyToCents(row.amount);
      expect(row.balance_after).toBe(centsToMoney(after));
      balances.set(row.company_id, after);
    }
    const [debits] = await queryRows<{ credits_orders: number; matching_debits: number }>(
      handle.db,
      sql`select (select count(*)::int from orders where payment_method = 'credits') as credits_orders,
                 (select count(*)::int from orders o join credit_transactions t on t.order_id = o.id
                   where t.amount = -o.price_with_vat) as matching_debits`,
    );
    expect(debits?.credits_orders).toBe(3);
    expect(debits?.matching_debits).toBe(3);
  });

  it('credits the cancelled item back with a credit note', async () => {
    const notes = await queryRows<{ item_numbers: string[]; amount: string; expected: string }>(
      handle.db,
      sql`select n.item_numbers, n.amount,
                 (select sum(i.price + i.content_price) from order_items i
                   where i.order_id = n.order_id and i.status = 'cancelled')::text as expected
          from credit_notes n`,
    );
    const cancelled = (await itemRows(handle.db)).filter((item) => item.status === 'cancelled');
    expect(notes).toEqual([
      {
        item_numbers: cancelled.map((item) => item.number),
        amount: notes[0]?.expected,
        expected: notes[0]?.expected,
      },
    ]);
    expect(cancelled).toHaveLength(1);
  });

  it('records the history at its own times, every detail under a label', async () => {
    const rows = await queryRows<{
      action: string;
      details: Record<string, string>;
      at: Date;
      happened: Date | null;
    }>(
      handle.db,
      sql`select e.action, e.details, e.created_at as at,
            coalesce(o.created_at, r.created_at) as happened
          from audit_events e
          left join orders o on o.number = e.subject or o.number = e.details->>'order'
          left join purchase_requests r on r.number = e.subject
          order by e.created_at`,
    );
    const actions = new Set(rows.map((row) => row.action));
    expect([...actions].sort()).toEqual([
      'order.placed',
      'payment_method.used',
      'purchase.requested',
    ]);
    for (const row of rows) {
      // The order's (or the request's) own time, not the moment the demo was seeded.
      expect(row.happened, row.action).not.toBeNull();
      expect(new Date(row.at).toISOString()).toBe(new Date(row.happened!).toISOString());
      expect(new Date(row.at).getTime()).toBeLessThan(TODAY.getTime());
      for (const [key, value] of auditDetailsInOrder(row.action, row.details)) {
        expect(Object.hasOwn(AUDIT_DETAILS, key), key).toBe(true);
        if (isAuditMoney(key)) expect(value).toMatch(/^\d+\.\d{2}$/);
      }
    }
  });

  it('stores the same orders and purchase request with the same ids when seeded again', async () => {
    const snapshot = (db: Database) =>
      queryRows(
        db,
        sql`select o.id, o.number, o.created_at, o.price_with_vat, o.invoice_id,
                   (select array_agg(i.id || ' ' || i.status || ' ' || i.site_hostname
                      order by i.number) from order_items i where i.order_id = o.id) as items,
                   (select array_agg(t.id order by t.created_at) from credit_transactions t
                      where t.order_id = o.id) as ledger
            from orders o order by o.number`,
      );
    const again = await seededDatabase(passwordHash);
    try {
      const rows = await snapshot(handle.db);
      expect(rows).toHaveLength(7);
      expect(await snapshot(again.db)).toEqual(rows);
      const requests = (db: Database) =>
        queryRows(
          db,
          sql`select id, number, status, created_at, price, lines::text from purchase_requests`,
        );
      expect(await requests(handle.db)).toHaveLength(1);
      expect(await requests(again.db)).toEqual(await requests(handle.db));
    } finally {
      await again.close();
    }
  });

  describe('through the API', () => {
    let ctx: TestContext;
    const listOf = async (email: string) => {
      const { token } = await login(ctx.app, email, DEMO_PASSWORD);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/buyer/orders?limit=50',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      return { token, orders: response.json<{ data: Order[] }>().data };
    };

    beforeAll(async () => {
      ctx = await createTestContext({ handle, closeHandle: async () => {} });
    });
    afterAll(async () => {
      await ctx.close();
    });

    it("shows each buyer their own orders only, and never the other buyer's", async () => {
      const first = await listOf(DEMO_EMAILS.buyer);
      const second = await listOf(DEMO_EMAILS.secondBuyer);
      expect(first.orders).toHaveLength(6);
      expect(second.orders).toHaveLength(1);
      const firstIds = new Set(first.orders.map((order) => order.id));
      expect(second.orders.some((order) => firstIds.has(order.id))).toBe(false);
      const [someOrder] = first.orders;
      if (!someOrder) throw new Error('No demo order');
      const foreign = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/buyer/orders/${someOrder.id}`,
        headers: bearer(second.token),
      });
      expect(foreign.statusCode).toBe(404);
      const completed = first.orders.find((order) => order.status === 'completed');
      expect(completed?.live_links_amount).toBe(completed?.links_amount);
      expect(first.orders.find((order) => order.credit_note !== null)?.payment_method).toBe(
        'pay_by_bill',
      );
    });

    it("waits with the team Buyer's one purchase request over their limit for the approvers", async () => {
      const requestsOf = async (email: string, view: 'mine' | 'to_decide') => {
        const { token } = await login(ctx.app, email, DEMO_PASSWORD);
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/buyer/purchase-requests?view=${view}`,
          headers: bearer(token),
        });
        expect(response.statusCode, response.body).toBe(200);
        return { token, requests: response.json<{ data: PurchaseRequest[] }>().data };
      };
      const mine = await requestsOf(DEMO_EMAILS.teamBuyer, 'mine');
      expect(mine.requests).toHaveLength(1);
      const [request] = mine.requests;
      if (!request) throw new Error('No demo purchase request');
      expect(request).toMatchObject({
        number: 'PR-1001',
        status: 'pending',
        company: { title: 'Northwind Outdoor Ltd' },
        requester: { name: 'Liam Wilson' },
        items_amount: 3,
        can_decide: false,
      });
      expect(request.created_at < TODAY.toISOString()).toBe(true);
      // Each line at the catalogue's General price of its site, with the Standard content plan.
      const sitePrices = await queryRows<{ hostname: string; price: string }>(
        handle.db,
        sql`select hostname, general_price::text as price from sites
            where id in (${sql.join(
              request.lines.map((line) => sql`${line.site.id}`),
              sql`, `,
            )})`,
      );
      const priceOf = new Map(sitePrices.map((row) => [row.hostname, row.price]));
      let total = 0;
      for (const line of request.lines) {
        expect(line.price).toBe(priceOf.get(line.site.hostname));
        expect(line.content_product_plan).toBe('Standard');
        expect(line.buyer_domain).toBe('northwind-outdoor.com');
        total += moneyToCents(line.price) + moneyToCents(line.content_price);
      }
      expect(request.price).toBe(centsToMoney(total));
      expect(total).toBeGreaterThan(moneyToCents('500.00'));

      // Where the Buyer checks out: their limit, nothing spent, the request waiting.
      const defaults = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/buyer/shopping-carts/defaults',
        headers: bearer(mine.token),
      });
      expect(defaults.json<CartDefaults>().spending).toEqual({
        monthly_limit: '500.00',
        spent_this_month: '0.00',
        waiting_for_approval: request.price,
      });
      for (const email of [DEMO_EMAILS.buyer, DEMO_EMAILS.admin]) {
        const { requests } = await requestsOf(email, 'to_decide');
        expect(requests.map((r) => [r.id, r.can_decide])).toEqual([[request.id, true]]);
      }
      expect((await requestsOf(DEMO_EMAILS.secondBuyer, 'mine')).requests).toEqual([]);
    });
  });
});

describe('the test fixture', () => {
  it('has no orders or purchase requests unless a test places them', async () => {
    const handle = await createTestPglite();
    try {
      const [row] = await queryRows<{ orders: number; ledger: number; purchase_requests: number }>(
        handle.db,
        sql`select (select count(*)::int from orders) as orders,
                   (select count(*)::int from credit_transactions) as ledger,
                   (select count(*)::int from purchase_requests) as purchase_requests`,
      );
      expect(row).toEqual({ orders: 0, ledger: 0, purchase_requests: 0 });
    } finally {
      await handle.close();
    }
  });
});
