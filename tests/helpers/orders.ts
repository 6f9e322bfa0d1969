// Shared pieces of the cart and order tests: calls with a buyer's token, the fixture's sites,
// prices, plans and domains read from the database, cart lines of each kind of item, and placing
// an order through the API.
import { randomUUID } from 'node:crypto';

import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';

import type { CartLineCreate } from '#contract/cart.ts';
import { type Order, OrderSchema, type PaymentMethod } from '#contract/orders.ts';
import type { NotificationPreferences } from '#contract/profile.ts';
import { type Database, queryRows } from '#server/db/database.ts';
import {
  accounts,
  buyerDomains,
  companies,
  contentProductPlans,
  niches,
  orderItems,
  sessions,
  sitePrices,
  sites,
  users,
} from '#server/db/schema/index.ts';
import { createAccessTokens } from '#server/modules/auth/access-tokens.ts';

import { FIXTURE } from './fixture.ts';
import {
  bearer,
  createTestContext,
  signInBuyers,
  TEST_JWT_SECRET,
  type TestContext,
} from './test-app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type BuyerCalls = ReturnType<typeof buyerCalls>;
export type BuyerTokens = { buyer: string; secondBuyer: string };

export interface BuyerApp {
  ctx: TestContext;
  facts: CatalogueFacts;
  tokens: BuyerTokens;
  call: BuyerCalls;
}

/**
 * For a describe block: the app on a fresh database (of the test project's kind), the fixture's
 * facts and both buyers signed in. Filled before the block's tests run, closed after them.
 */
export function useBuyerApp(): BuyerApp {
  const app = {} as BuyerApp;
  beforeAll(async () => {
    app.ctx = await createTestContext();
    app.facts = await catalogueFacts(app.ctx.handle.db);
    app.tokens = await signInBuyers(app.ctx.app);
    app.call = buyerCalls(app.ctx);
  });
  afterAll(async () => {
    await app.ctx?.close();
  });
  return app;
}

export function buyerCalls(ctx: TestContext) {
  return (
    method: Method,
    url: string,
    token: string,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      method,
      url: `/api/v1/buyer${url}`,
      headers: { ...bearer(token), ...headers },
      ...(payload ? { payload } : {}),
    });
}

export interface PricedSite {
  id: string;
  hostname: string;
  /** Niche id → price. */
  prices: Map<string, string>;
}

export interface CatalogueFacts {
  sites: PricedSite[];
  plans: Record<'provide' | 'standard' | 'premium', { id: string; price: string }>;
  niches: Map<string, string>;
  domains: {
    buyer: { id: string; hostname: string }[];
    secondBuyer: { id: string; hostname: string }[];
  };
  userIds: { buyer: string; secondBuyer: string };
  companyIds: { buyer: string; secondBuyer: string };
}

export async function catalogueFacts(db: Database): Promise<CatalogueFacts> {
  const priceRows = await db
    .select({
      siteId: sites.id,
      hostname: sites.hostname,
      nicheId: sitePrices.nicheId,
      price: sitePrices.price,
    })
    .from(sites)
    .innerJoin(sitePrices, eq(sitePrices.siteId, sites.id))
    .orderBy(asc(sites.hostname));
  const byId = new Map<string, PricedSite>();
  for (const row of priceRows) {
    const site = byId.get(row.siteId) ?? {
      id: row.siteId,
      hostname: row.hostname,
      prices: new Map(),
    };
    site.prices.set(row.nicheId, row.price);
    byId.set(row.siteId, site);
  }
  const plans = await db
    .select({
      slug: contentProductPlans.slug,
      id: contentProductPlans.id,
      price: contentProductPlans.price,
    })
    .from(contentProductPlans);
  const plan = (slug: string) => {
    const found = plans.find((row) => row.slug === slug);
    if (!found) throw new Error(`No plan ${slug}`);
    return { id: found.id, price: found.price };
  };
  const nicheRows = await db.select({ id: niches.id, title: niches.title }).from(niches);
  const person = async (email: string) => {
    const [row] = await db
      .select({ userId: users.id, companyId: accounts.companyId })
      .from(users)
      .innerJoin(accounts, eq(accounts.userId, users.id))
      .where(eq(users.email, email));
    if (!row) throw new Error(`No user ${email}`);
    const domains = await db
      .select({ id: buyerDomains.id, hostname: buyerDomains.hostname })
      .from(buyerDomains)
      .where(eq(buyerDomains.userId, row.userId))
      .orderBy(asc(buyerDomains.hostname));
    return { ...row, domains };
  };
  const buyer = await person(FIXTURE.buyer);
  const secondBuyer = await person(FIXTURE.secondBuyer);
  return {
    sites: [...byId.values()],
    plans: { provide: plan('provide'), standard: plan('standard'), premium: plan('premium') },
    niches: new Map(nicheRows.map((row) => [row.id, row.title])),
    domains: { buyer: buyer.domains, secondBuyer: secondBuyer.domains },
    userIds: { buyer: buyer.userId, secondBuyer: secondBuyer.userId },
    companyIds: { buyer: buyer.companyId, secondBuyer: secondBuyer.companyId },
  };
}

/** A site that prices at least `niches` link types. */
export function siteWithNiches(facts: CatalogueFacts, niches = 1, skip = 0): PricedSite {
  const found = facts.sites.filter((site) => site.prices.size >= niches)[skip];
  if (!found) throw new Error(`No site with ${niches} prices`);
  return found;
}

export function firstNiche(site: PricedSite): [string, string] {
  const [entry] = site.prices;
  if (!entry) throw new Error('A site without prices');
  return entry;
}

/** A niche the site does not price. */
export function unpricedNiche(facts: CatalogueFacts, site: PricedSite): string {
  const found = [...facts.niches.keys()].find((id) => !site.prices.has(id));
  if (!found) throw new Error('The site prices every niche');
  return found;
}

/** A complete line of the first buyer: one article, own topic, 'provide'. */
export function lineFor(
  facts: CatalogueFacts,
  site: PricedSite,
  overrides: Partial<CartLineCreate> = {},
  who: 'buyer' | 'secondBuyer' = 'buyer',
): CartLineCreate {
  const domain = facts.domains[who][0];
  if (!domain) throw new Error('The buyer has no domain');
  return {
    link_type: firstNiche(site)[0],
    buyer_domain: domain.id,
    site: site.id,
    articles_number: 1,
    article_topic: 'i_will_write_my_topic',
    anchor_text: 'best hiking boots',
    target_url: 'https://northwind-outdoor.com/boots',
    ...overrides,
  };
}

/** The items of an order, in their order. */
export function itemsOfOrder(db: Database, orderId: string) {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.position);
}

const EVERY_NOTIFICATION: NotificationPreferences = {
  missing_details_reminder: true,
  topic_ready_for_approval: true,
  content_ready_for_approval: true,
  link_published: true,
  order_summary: true,
  link_issues: true,
  company_orders: false,
  billing_documents: true,
  publisher_messages: true,
};

/** Sets which mails the user gets: all of them but those turned off in `changes`. */
export async function setNotifications(
  db: Database,
  userId: string,
  changes: Partial<NotificationPreferences> = {},
): Promise<void> {
  await db
    .update(users)
    .set({ notificationPreferences: { ...EVERY_NOTIFICATION, ...changes } })
    .where(eq(users.id, userId));
}

export async function setCredits(db: Database, companyId: string, amount: string): Promise<void> {
  await db.update(companies).set({ creditsBalance: amount }).where(eq(companies.id, companyId));
}

export async function creditsOf(db: Database, companyId: string): Promise<string> {
  const [row] = await db
    .select({ balance: companies.creditsBalance })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.balance ?? 'missing';
}

export async function countRows(db: Database, table: string, where = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  );
  return row?.n ?? -1;
}

/**
 * `count` extra buyers in the company, each with one domain and `creditLimit` (their pay-by-bill
 * limit, decision 168; 0.00 as for a new account); answers their ids, tokens and domains. Tokens
 * are signed as the login would sign them.
 */
export async function addBuyersToCompany(
  ctx: TestContext,
  companyId: string,
  count: number,
  creditLimit = '0.00',
): Promise<{ userId: string; token: string; domainId: string }[]> {
  const tokens = createAccessTokens({
    secrets: TEST_JWT_SECRET,
    ttlSeconds: 3600,
    now: ctx.clock.now,
    isSessionActive: async () => true,
  });
  const db = ctx.handle.db;
  const created = [];
  for (let index = 0; index < count; index += 1) {
    const email = `colleague-${randomUUID()}@example.com`;
    const [user] = await db
      .insert(users)
      .values({
        email,
        passwordHash: 'not-used',
        roles: ['ROLE_BUYER'],
        firstName: 'Colleague',
        lastName: String(index),
        isConfirmed: true,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('No user');
    await db.insert(accounts).values({ userId: user.id, companyId, isCurrent: true, creditLimit });
    const [domain] = await db
      .insert(buyerDomains)
      .values({ userId: user.id, hostname: `colleague-${index}.example.com` })
      .returning({ id: buyerDomains.id });
    if (!domain) throw new Error('No domain');
    // The session a login would open, so that the app accepts the token.
    const at = ctx.clock.now();
    const sessionId = randomUUID();
    await db.insert(sessions).values({
      id: sessionId,
      userId: user.id,
      createdAt: at,
      expiresAt: new Date(at.getTime() + 30 * 24 * 60 * 60 * 1000),
      lastUsedAt: at,
    });
    const token = await tokens.issue({
      userId: user.id,
      username: email,
      roles: ['ROLE_BUYER'],
      familyId: sessionId,
    });
    created.push({ userId: user.id, token, domainId: domain.id });
  }
  return created;
}

export async function accountOf(db: Database, userId: string, companyId: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.companyId, companyId)));
  return row ?? null;
}

export type Who = 'buyer' | 'secondBuyer';

/** A multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A cart line and the topic the checkout table gives it. */
export type OrderLine = CartLineCreate;

/** The kinds of line a test orders. */
export function lineOfKind(
  facts: CatalogueFacts,
  kind: 'approvedTopic' | 'publisherTopic' | 'buyerArticle' | 'buyerTopic',
  who: Who = 'buyer',
  skip = 0,
): OrderLine {
  const site = siteWithNiches(facts, 1, skip);
  switch (kind) {
    case 'approvedTopic':
      return lineFor(
        facts,
        site,
        {
          content_product_plan: facts.plans.standard.id,
          article_topic: 'please_provide_me_a_topic',
          is_topic_needs_approval: true,
        },
        who,
      );
    case 'publisherTopic':
      return lineFor(
        facts,
        site,
        {
          content_product_plan: facts.plans.standard.id,
          article_topic: 'please_provide_me_a_topic',
        },
        who,
      );
    case 'buyerTopic':
      return {
        ...lineFor(facts, site, { content_product_plan: facts.plans.standard.id }, who),
        topic: 'Ten trails for spring',
      };
    case 'buyerArticle':
      return lineFor(facts, site, {}, who);
  }
}

/** Places an order of the lines through the API; answers it and its items in order. */
export async function placeOrder(
  ctx: TestContext,
  token: string,
  facts: CatalogueFacts,
  lines: OrderLine[],
  method: PaymentMethod,
  who: Who = 'buyer',
  extra: object = {},
): Promise<{ order: Order; items: (typeof orderItems.$inferSelect)[] }> {
  const call = buyerCalls(ctx);
  // Added newest first: the cart lists the last added first, and items follow the cart.
  for (const { topic, ...line } of [...lines].reverse()) {
    const added = await call('POST', '/shopping-carts/items', token, line);
    if (added.statusCode !== 201) throw new Error(`Adding to the cart failed: ${added.body}`);
    if (topic === undefined) continue;
    for (const item of (added.json() as { data: { id: string }[] }).data) {
      const updated = await call('PUT', `/shopping-carts/items/${item.id}`, token, { topic });
      if (updated.statusCode !== 200) throw new Error(`Giving a topic failed: ${updated.body}`);
    }
  }
  const placed = await call('POST', '/orders', token, {
    company: facts.companyIds[who],
    invoice_emails: ['accounts@example.com'],
    payment_method: method,
    ...extra,
  });
  if (placed.statusCode !== 201) throw new Error(`Ordering failed: ${placed.body}`);
  const order = OrderSchema.parse(placed.json());
  return { order, items: await itemsOfOrder(ctx.handle.db, order.id) };
}
