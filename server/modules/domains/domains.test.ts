import { domainToASCII } from 'node:url';

import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { CartItemListSchema } from '#contract/cart.ts';
import {
  BuyerDomainListSchema,
  BuyerDomainSchema,
  DOMAIN_TAKEN_MESSAGE,
  MAX_BUYER_DOMAINS,
} from '#contract/domains.ts';
import { HOSTNAME_MESSAGES } from '#contract/hostname.ts';
import { FORBIDDEN_CHARACTER_MESSAGE } from '#contract/input-rules.ts';
import { OrderSchema } from '#contract/orders.ts';
import { buyerDomains, cartItems } from '#server/db/schema/index.ts';
import { UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import {
  type BuyerCalls,
  type BuyerTokens,
  type CatalogueFacts,
  countRows,
  itemsOfOrder,
  lineFor,
  siteWithNiches,
  useBuyerApp,
  type Who,
} from '#tests/helpers/orders.ts';
import { bearer, type TestContext, useSignedInApp } from '#tests/helpers/test-app.ts';

import { DOMAIN_LIMIT_MESSAGE } from './domains.service.ts';

describe('GET /api/v1/buyer/domains', () => {
  const app = useSignedInApp();
  let ctx: TestContext, tokens: Record<string, string>;
  beforeAll(() => ({ ctx, tokens } = app));

  const list = (who: 'buyer' | 'secondBuyer', query = '') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/buyer/domains${query}`,
      headers: bearer(tokens[who] ?? ''),
    });

  it("answers the caller's own domains, 10 per page by default", async () => {
    const response = await list('buyer');
    expect(response.statusCode).toBe(200);
    const body = BuyerDomainListSchema.parse(response.json());
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 2 });
    expect(body.data).toEqual([
      {
        id: expect.any(String),
        hostname: 'northwind-outdoor.com',
        referents_file: null,
        import_status: { id: expect.any(String), status: 'success', errors: [] },
      },
      {
        id: expect.any(String),
        hostname: 'northwind-travel.co.uk',
        referents_file: null,
        import_status: null,
      },
    ]);
  });

  it("never shows one buyer another buyer's domains", async () => {
    const first = BuyerDomainListSchema.parse((await list('buyer')).json());
    const second = BuyerDomainListSchema.parse((await list('secondBuyer')).json());
    expect(second.data.map((domain) => domain.hostname)).toEqual([
      'bergmann-moebel.de',
      'kuechen-profi.de',
    ]);
    const firstIds = new Set(first.data.map((domain) => domain.id));
    expect(second.data.some((domain) => firstIds.has(domain.id))).toBe(false);
  });

  it('pages with limit and page', async () => {
    const body = BuyerDomainListSchema.parse((await list('buyer', '?limit=1&page=2')).json());
    expect(body.pagination).toEqual({ page: 2, limit: 1, total: 2 });
    expect(body.data.map((domain) => domain.hostname)).toEqual(['northwind-travel.co.uk']);
  });

  it('answers 400 for a page size above 100 or a page below 1', async () => {
    const tooLarge = await list('buyer', '?limit=101');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().violations).toEqual([
      { path: 'limit', message: 'Too big: expected number to be <=100' },
    ]);
    expect((await list('buyer', '?page=0')).statusCode).toBe(400);
    expect((await list('buyer', '?limit=ten')).statusCode).toBe(400);
  });
});

describe('POST /api/v1/buyer/domains', () => {
  const app = useBuyerApp();
  let call: BuyerCalls, tokens: BuyerTokens, ctx: TestContext;
  beforeAll(() => ({ call, tokens, ctx } = app));

  const add = (hostname: unknown, who: Who = 'buyer', headers: Record<string, string> = {}) =>
    call('POST', '/domains', tokens[who], { hostname }, headers);
  const countActive = async (userId: string) => {
    const [row] = await ctx.handle.db
      .select({ n: count() })
      .from(buyerDomains)
      .where(and(eq(buyerDomains.userId, userId), isNull(buyerDomains.archivedAt)));
    return row?.n;
  };
  const hostnamesOf = async (who: Who) =>
    BuyerDomainListSchema.parse(
      (await call('GET', '/domains?limit=100', tokens[who])).json(),
    ).data.map((domain) => domain.hostname);

  it('adds the domain in its normalised form and lists it last', async () => {
    const response = await add('  HTTPS://WWW.Trail-Boots.COM:443/shop?ref=1#top ');
    expect(response.statusCode).toBe(201);
    const domain = BuyerDomainSchema.parse(response.json());
    expect(domain).toEqual({
      id: expect.any(String),
      hostname: 'trail-boots.com',
      referents_file: null,
      import_status: null,
    });
    expect(await hostnamesOf('buyer')).toEqual([
      'northwind-outdoor.com',
      'northwind-travel.co.uk',
      'trail-boots.com',
    ]);
  });

  it('stores an internationalised name as punycode, the catalogue form', async () => {
    const response = await add('Bücher-Wald.de.');
    expect(response.statusCode).toBe(201);
    expect(response.json().hostname).toBe(domainToASCII('bücher-wald.de'));
    expect(response.json().hostname).toMatch(/^xn--bcher-wald-[a-z0-9]+\.de$/);
  });

  it.each([
    ['', HOSTNAME_MESSAGES.empty],
    ['   ', HOSTNAME_MESSAGES.empty],
    ['localhost', HOSTNAME_MESSAGES.invalid],
    ['javascript:alert(1)', HOSTNAME_MESSAGES.invalid],
    ['=1+1', HOSTNAME_MESSAGES.invalid],
    ['192.168.0.1', HOSTNAME_MESSAGES.ip_address],
    [`${'a'.repeat(64)}.com`, HOSTNAME_MESSAGES.label_too_long],
    ['trail\u0000boots.com', FORBIDDEN_CHARACTER_MESSAGE],
  ])('refuses %j with a violation on hostname', async (hostname, message) => {
    const response = await add(hostname);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: 'Validation failed.',
      violations: [{ path: 'hostname', message }],
    });
  });

  it('refuses a body that is not { hostname }', async () => {
    expect((await add(42)).statusCode).toBe(400);
    expect((await add('x'.repeat(2049))).statusCode).toBe(400);
    const extra = await call('POST', '/domains', tokens.buyer, { hostname: 'a.com', id: 'x' });
    expect(extra.statusCode).toBe(400);
    expect((await call('POST', '/domains', tokens.buyer, {})).statusCode).toBe(400);
  });

  it('refuses a domain the buyer already has, in any spelling', async () => {
    for (const spelling of ['northwind-outdoor.com', 'http://www.Northwind-Outdoor.com/']) {
      const response = await add(spelling);
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([
        { path: 'hostname', message: DOMAIN_TAKEN_MESSAGE },
      ]);
    }
  });

  it('adds a hostname another buyer has, without touching theirs', async () => {
    const response = await add('bergmann-moebel.de');
    expect(response.statusCode).toBe(201);
    expect(await hostnamesOf('secondBuyer')).toEqual(['bergmann-moebel.de', 'kuechen-profi.de']);
  });

  it('adds a hostname once when two requests race for it', async () => {
    const answers = await Promise.all([add('race-gear.com'), add('race-gear.com')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect((await hostnamesOf('buyer')).filter((name) => name === 'race-gear.com')).toHaveLength(1);
  });

  it('answers a repeat with the same Idempotency-Key with the first answer', async () => {
    const key = { 'idempotency-key': 'domain-add-1' };
    const first = await add('repeat-gear.com', 'buyer', key);
    const again = await add('repeat-gear.com', 'buyer', key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await add('other-gear.com', 'buyer', key)).statusCode).toBe(422);
  });

  it(`keeps at most ${MAX_BUYER_DOMAINS} domains; deleted ones do not count`, async () => {
    const userId = app.facts.userIds.secondBuyer;
    const held = (await hostnamesOf('secondBuyer')).length;
    await ctx.handle.db.insert(buyerDomains).values(
      Array.from({ length: MAX_BUYER_DOMAINS - held }, (_, index) => ({
        userId,
        hostname: `filler-${index}.example.com`,
      })),
    );
    const refused = await add('one-too-many.com', 'secondBuyer');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().violations).toEqual([
      { path: 'hostname', message: DOMAIN_LIMIT_MESSAGE },
    ]);
    expect(DOMAIN_LIMIT_MESSAGE).toContain(String(MAX_BUYER_DOMAINS));
    const [filler] = await ctx.handle.db
      .select({ id: buyerDomains.id })
      .from(buyerDomains)
      .where(eq(buyerDomains.hostname, 'filler-0.example.com'));
    expect((await call('DELETE', `/domains/${filler?.id}`, tokens.secondBuyer)).statusCode).toBe(
      204,
    );
    expect((await add('one-too-many.com', 'secondBuyer')).statusCode).toBe(201);
    expect((await add('two-too-many.com', 'secondBuyer')).statusCode).toBe(400);
    // Two places free, three adds at once: the limit still holds.
    const fillers = await ctx.handle.db
      .select({ id: buyerDomains.id })
      .from(buyerDomains)
      .where(inArray(buyerDomains.hostname, ['filler-1.example.com', 'filler-2.example.com']));
    for (const { id } of fillers) {
      expect((await call('DELETE', `/domains/${id}`, tokens.secondBuyer)).statusCode).toBe(204);
    }
    const answers = await Promise.all(
      ['race-1.com', 'race-2.com', 'race-3.com'].map((name) => add(name, 'secondBuyer')),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 400]);
    expect(await countActive(userId)).toBe(MAX_BUYER_DOMAINS);
  });

  it('needs a signed-in buyer', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/buyer/domains',
      payload: { hostname: 'anonymous.com' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/buyer/domains/{id}', () => {
  const app = useBuyerApp();
  let call: BuyerCalls, tokens: BuyerTokens, ctx: TestContext, facts: CatalogueFacts;
  beforeAll(() => ({ call, tokens, ctx, facts } = app));

  const domainOf = (hostname: string) => {
    const found = facts.domains.buyer.find((domain) => domain.hostname === hostname);
    if (!found) throw new Error(`No domain ${hostname}`);
    return found;
  };
  const remove = (id: string, who: Who = 'buyer', headers: Record<string, string> = {}) =>
    call('DELETE', `/domains/${id}`, tokens[who], undefined, headers);
  const countOf = (table: string, column: string, id: string) =>
    countRows(ctx.handle.db, table, sql`${sql.identifier(column)} = ${id}`);

  it("answers 404 alike for another buyer's, an unknown and a deleted domain; 400 for a malformed id", async () => {
    const foreign = facts.domains.secondBuyer[0]?.id ?? '';
    const foreignAnswer = await remove(foreign);
    const unknown = await remove(UNKNOWN_ID);
    expect(foreignAnswer.statusCode).toBe(404);
    expect(foreignAnswer.json()).toEqual(unknown.json());
    expect(unknown.json()).toEqual({ code: 404, message: 'Not found' });
    // The other buyer's domain is untouched.
    expect(
      BuyerDomainListSchema.parse((await call('GET', '/domains', tokens.secondBuyer)).json()).data,
    ).toHaveLength(2);
    const malformed = await remove('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().violations).toEqual([{ path: 'id', message: expect.any(String) }]);
  });

  it('archives the domain and removes its referring domains and competitor groups', async () => {
    const main = domainOf('northwind-outdoor.com');
    expect(await countOf('buyer_domain_referents', 'buyer_domain_id', main.id)).toBeGreaterThan(0);
    expect(await countOf('competitor_groups', 'buyer_domain_id', main.id)).toBe(1);
    const response = await remove(main.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const listed = BuyerDomainListSchema.parse(
      (await call('GET', '/domains', tokens.buyer)).json(),
    );
    expect(listed.data.map((domain) => domain.hostname)).toEqual(['northwind-travel.co.uk']);
    expect(listed.pagination.total).toBe(1);
    const [row] = await ctx.handle.db
      .select()
      .from(buyerDomains)
      .where(eq(buyerDomains.id, main.id));
    expect(row?.archivedAt).toEqual(ctx.clock.now());
    expect(row?.referentsImportId).toBeNull();
    expect(row?.referentsFileId).toBeNull();
    expect(await countOf('buyer_domain_referents', 'buyer_domain_id', main.id)).toBe(0);
    expect(await countOf('competitor_groups', 'buyer_domain_id', main.id)).toBe(0);
    expect(await countOf('file_imports', 'buyer_domain_id', main.id)).toBe(0);
    expect(await countRows(ctx.handle.db, 'competitors')).toBe(0);
    expect((await remove(main.id)).json()).toEqual({ code: 404, message: 'Not found' });
  });

  it('answers an archived domain in the catalogue and site detail like an unknown one', async () => {
    const main = domainOf('northwind-outdoor.com');
    const site = facts.sites[0]?.id ?? '';
    const listWith = (id: string) => call('GET', `/sites?filter[buyer_domain]=${id}`, tokens.buyer);
    const archived = await listWith(main.id);
    expect(archived.statusCode).toBe(400);
    expect(archived.json()).toEqual((await listWith(UNKNOWN_ID)).json());
    const detailWith = (id: string) =>
      call('GET', `/sites/${site}?buyer_domain=${id}`, tokens.buyer);
    const detail = await detailWith(main.id);
    expect(detail.statusCode).toBe(400);
    expect(detail.json()).toEqual((await detailWith(UNKNOWN_ID)).json());
  });

  it('brings the same row back, with empty lists, when the hostname is added again', async () => {
    const main = domainOf('northwind-outdoor.com');
    ctx.clock.advanceSeconds(60);
    const response = await call('POST', '/domains', tokens.buyer, {
      hostname: 'northwind-outdoor.com',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: main.id,
      hostname: 'northwind-outdoor.com',
      referents_file: null,
      import_status: null,
    });
    const listed = BuyerDomainListSchema.parse(
      (await call('GET', '/domains', tokens.buyer)).json(),
    );
    // Added again, it is the newest.
    expect(listed.data.map((domain) => domain.hostname)).toEqual([
      'northwind-travel.co.uk',
      'northwind-outdoor.com',
    ]);
    expect(await countOf('buyer_domain_referents', 'buyer_domain_id', main.id)).toBe(0);
    const linked = await call(
      'GET',
      `/sites?filter[buyer_domain]=${main.id}&filter[is_back_linked]=true`,
      tokens.buyer,
    );
    expect(linked.statusCode).toBe(200);
    expect(linked.json().pagination.total).toBe(0);
  });

  it('answers a repeat with the same Idempotency-Key with 204 again', async () => {
    const added = await call('POST', '/domains', tokens.buyer, { hostname: 'twice-deleted.com' });
    const { id } = BuyerDomainSchema.parse(added.json());
    const key = { 'idempotency-key': 'domain-delete-1' };
    expect((await remove(id, 'buyer', key)).statusCode).toBe(204);
    const again = await remove(id, 'buyer', key);
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await remove(id)).statusCode).toBe(404);
  });
});

describe('cart lines and orders of a deleted domain', () => {
  const app = useBuyerApp();
  let call: BuyerCalls, tokens: BuyerTokens, ctx: TestContext, facts: CatalogueFacts;
  beforeAll(() => ({ call, tokens, ctx, facts } = app));

  const travel = () => facts.domains.buyer.find((d) => d.hostname === 'northwind-travel.co.uk')!;
  const outdoor = () => facts.domains.buyer.find((d) => d.hostname === 'northwind-outdoor.com')!;
  const cart = async () =>
    CartItemListSchema.parse((await call('GET', '/shopping-carts/items', tokens.buyer)).json());

  it('keeps the line, marks it, refuses the domain as a new choice and orders it as it is', async () => {
    const site = siteWithNiches(facts, 1, 0);
    const other = siteWithNiches(facts, 1, 1);
    const added = await call('POST', '/shopping-carts/items', tokens.buyer, {
      ...lineFor(facts, site),
      buyer_domain: travel().id,
    });
    expect(added.statusCode).toBe(201);
    const kept = await call('POST', '/shopping-carts/items', tokens.buyer, lineFor(facts, other));
    expect(kept.statusCode).toBe(201);
    expect((await cart()).data.map((item) => item.buyer_domain.archived)).toEqual([false, false]);

    expect((await call('DELETE', `/domains/${travel().id}`, tokens.buyer)).statusCode).toBe(204);

    const [keptItem, orphan] = (await cart()).data;
    expect(orphan?.buyer_domain).toEqual({
      id: travel().id,
      hostname: 'northwind-travel.co.uk',
      archived: true,
    });
    expect(keptItem?.buyer_domain.archived).toBe(false);
    // A new line cannot name the deleted domain, nor can a line be moved to it.
    const refused = await call('POST', '/shopping-carts/items', tokens.buyer, {
      ...lineFor(facts, site),
      buyer_domain: travel().id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().violations).toEqual([
      { path: 'buyer_domain', message: 'Domain not found.' },
    ]);
    const moved = await call('PUT', `/shopping-carts/items/${keptItem?.id}`, tokens.buyer, {
      buyer_domain: travel().id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().violations).toEqual([
      { path: 'buyer_domain', message: 'Domain not found.' },
    ]);
    // The line of the deleted domain may still be edited, keeping its domain.
    const edited = await call('PUT', `/shopping-carts/items/${orphan?.id}`, tokens.buyer, {
      anchor_text: 'travel gear',
      buyer_domain: travel().id,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().buyer_domain).toEqual(orphan?.buyer_domain);

    const placed = await call('POST', '/orders', tokens.buyer, {
      company: facts.companyIds.buyer,
      invoice_emails: ['accounts@example.com'],
      payment_method: 'bank_transfer',
    });
    expect(placed.statusCode).toBe(201);
    const order = OrderSchema.parse(placed.json());
    const items = await itemsOfOrder(ctx.handle.db, order.id);
    expect(items.map((item) => [item.buyerDomainId, item.buyerDomainHostname])).toEqual([
      [outdoor().id, 'northwind-outdoor.com'],
      [travel().id, 'northwind-travel.co.uk'],
    ]);
    const listed = await call('GET', `/orders/${order.id}/items`, tokens.buyer);
    expect(listed.statusCode).toBe(200);
    expect(
      (listed.json() as { data: { buyer_domain: { hostname: string } | null }[] }).data.map(
        (item) => item.buyer_domain?.hostname,
      ),
    ).toEqual(['northwind-outdoor.com', 'northwind-travel.co.uk']);
  });

  it('moves a line of a deleted domain to an active one, which clears the mark', async () => {
    const site = siteWithNiches(facts, 1, 2);
    const added = await call('POST', '/shopping-carts/items', tokens.buyer, lineFor(facts, site));
    const id = (added.json() as { data: { id: string }[] }).data[0]?.id ?? '';
    await ctx.handle.db
      .update(cartItems)
      .set({ buyerDomainId: travel().id })
      .where(eq(cartItems.id, id));
    expect((await cart()).data[0]?.buyer_domain.archived).toBe(true);
    const moved = await call('PUT', `/shopping-carts/items/${id}`, tokens.buyer, {
      buyer_domain: outdoor().id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().buyer_domain).toEqual({
      id: outdoor().id,
      hostname: 'northwind-outdoor.com',
      archived: false,
    });
  });
});
