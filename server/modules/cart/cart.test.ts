import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  APPROVED_TOPIC_MESSAGE,
  BUYER_DOMAIN_NOT_FOUND_MESSAGE,
  CART_ITEM_NOT_FOUND_MESSAGE,
  CART_SITE_BLACKLISTED_MESSAGE,
  CART_SITE_NOT_FOUND_MESSAGE,
  CartDefaultsSchema,
  type CartItem,
  CartItemListSchema,
  CartItemSchema,
  CartSitesSchema,
  CHECKOUT_INCOMPLETE_MESSAGE,
  DUE_DATE_IN_PAST_MESSAGE,
  INVALID_URL_MESSAGE,
  LINK_TYPE_NOT_PRICED_MESSAGE,
  NEWLINES_MESSAGE,
  PLAN_NOT_FOUND_MESSAGE,
  POSITIVE_INTEGER_MESSAGE,
  URL_SCHEME_MESSAGE,
  wordCountMessage,
} from '#contract/cart.ts';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from '#contract/orders.ts';
import { cartItems } from '#server/db/schema/index.ts';
import { UNKNOWN_FIELD_MESSAGE } from '#server/http/validation.ts';
import { UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import {
  countRows,
  firstNiche,
  lineFor,
  siteWithNiches,
  unpricedNiche,
  useBuyerApp,
} from '#tests/helpers/orders.ts';
import { signInBuyers, TEST_START } from '#tests/helpers/test-app.ts';

describe('shopping cart', () => {
  const app = useBuyerApp();
  let { ctx, facts, tokens, call } = app;
  beforeAll(() => ({ ctx, facts, tokens, call } = app));
  beforeEach(async () => {
    await ctx.handle.db.delete(cartItems);
  });

  const add = (payload: object, who: 'buyer' | 'secondBuyer' = 'buyer', headers = {}) =>
    call('POST', '/shopping-carts/items', tokens[who], payload, headers);
  const addOk = async (payload: object, who: 'buyer' | 'secondBuyer' = 'buyer') => {
    const response = await add(payload, who);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: CartItem[] }>().data.map((item) => CartItemSchema.parse(item));
  };
  const list = async (query = '', who: 'buyer' | 'secondBuyer' = 'buyer') =>
    CartItemListSchema.parse(
      (await call('GET', `/shopping-carts/items${query}`, tokens[who])).json(),
    );
  const violationsOf = (response: { json: () => unknown }) =>
    (response.json() as { violations?: unknown[] }).violations;

  describe('POST /shopping-carts/items', () => {
    it('adds one item per article with the prices of the site and the plan', async () => {
      const site = siteWithNiches(facts);
      const [nicheId, linkPrice] = firstNiche(site);
      const items = await addOk(
        lineFor(facts, site, {
          articles_number: 3,
          content_product_plan: facts.plans.standard.id,
          article_topic: 'PLEASE_PROVIDE_ME_A_TOPIC' as never,
          is_topic_needs_approval: true,
          custom_id: UNKNOWN_ID,
          comments: '  mention the spring sale ',
        }),
      );
      expect(items).toHaveLength(3);
      const cents = (money: string) => Math.round(Number(money.replace('.', '')));
      for (const item of items) {
        expect(item).toMatchObject({
          site: { id: site.id, hostname: site.hostname },
          buyer_domain: facts.domains.buyer[0],
          link_type: { id: nicheId, title: facts.niches.get(nicheId) },
          content_product_plan: { id: facts.plans.standard.id, slug: 'standard' },
          word_count: 500,
          article_topic: 'please_provide_me_a_topic',
          is_topic_needs_approval: true,
          custom_id: UNKNOWN_ID,
          comments: 'mention the spring sale',
          anchor_text: 'best hiking boots',
          target_url: 'https://northwind-outdoor.com/boots',
          topic: null,
          publishing_due_date: null,
          price: linkPrice,
          content_price: '25.00',
        });
        expect(cents(item.total_price)).toBe(cents(linkPrice) + 2500);
        expect(item.site.prices.length).toBe(site.prices.size);
      }
      expect(new Set(items.map((item) => item.id)).size).toBe(3);
      expect((await list()).data.map((item) => item.id)).toEqual(items.map((item) => item.id));
    });

    it('refuses a number larger than its column holds with a violation, adding nothing', async () => {
      const site = siteWithNiches(facts);
      const response = await add(
        lineFor(facts, site, {
          content_product_plan: facts.plans.standard.id,
          word_count: 2 ** 31,
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(violationsOf(response)).toEqual([
        { path: 'word_count', message: 'The number must be at most 2,147,483,647.' },
      ]);
      expect((await list()).data).toEqual([]);
    });

    it("treats 'provide' as no plan: no word count, the buyer's own topic, no approval", async () => {
      const site = siteWithNiches(facts);
      for (const plan of [undefined, null, facts.plans.provide.id]) {
        const [item] = await addOk(
          lineFor(facts, site, {
            content_product_plan: plan,
            word_count: 800,
            article_topic: 'please_provide_me_a_topic',
            is_topic_needs_approval: true,
          }),
        );
        expect(item).toMatchObject({
          content_product_plan: null,
          word_count: null,
          article_topic: 'i_will_write_my_topic',
          is_topic_needs_approval: false,
          content_price: '0.00',
        });
        expect(item?.total_price).toBe(item?.price);
      }
    });

    it('refuses a price sent by the client as an unknown field', async () => {
      const response = await add({ ...lineFor(facts, siteWithNiches(facts)), price: '0.01' });
      expect(response.statusCode).toBe(400);
      expect(violationsOf(response)).toEqual([{ path: 'price', message: UNKNOWN_FIELD_MESSAGE }]);
      expect(await countRows(ctx.handle.db, 'cart_items')).toBe(0);
    });

    it('answers each broken rule of a line on the field it concerns', async () => {
      const site = siteWithNiches(facts);
      const cases: [object, { path: string; message: string; parameters?: object }][] = [
        [{ site: UNKNOWN_ID }, { path: 'site', message: CART_SITE_NOT_FOUND_MESSAGE }],
        [
          { link_type: unpricedNiche(facts, site) },
          { path: 'link_type', message: LINK_TYPE_NOT_PRICED_MESSAGE },
        ],
        [
          { buyer_domain: facts.domains.secondBuyer[0]?.id },
          { path: 'buyer_domain', message: BUYER_DOMAIN_NOT_FOUND_MESSAGE },
        ],
        [
          { content_product_plan: UNKNOWN_ID },
          { path: 'content_product_plan', message: PLAN_NOT_FOUND_MESSAGE },
        ],
        [{ articles_number: 0 }, { path: 'articles_number', message: POSITIVE_INTEGER_MESSAGE }],
        [{ articles_number: 1.5 }, { path: 'articles_number', message: POSITIVE_INTEGER_MESSAGE }],
        [{ article_topic: 'whatever' }, { path: 'article_topic', message: APPROVED_TOPIC_MESSAGE }],
        [{ custom_id: 'not-a-uuid' }, { path: 'custom_id', message: expect.any(String) as string }],
        [
          { content_product_plan: facts.plans.standard.id, word_count: 499 },
          { path: 'word_count', message: 'The word count must be 500.' },
        ],
        [
          { content_product_plan: facts.plans.standard.id, word_count: 501 },
          { path: 'word_count', message: wordCountMessage(500, 500) },
        ],
        [
          { content_product_plan: facts.plans.premium.id, word_count: 999 },
          { path: 'word_count', message: wordCountMessage(1000, null) },
        ],
        [
          { target_url: 'ftp://files.example.com/a' },
          { path: 'target_url', message: URL_SCHEME_MESSAGE },
        ],
        [{ target_url: 'not a url' }, { path: 'target_url', message: INVALID_URL_MESSAGE }],
        [{ target_url: '//evil.example' }, { path: 'target_url', message: INVALID_URL_MESSAGE }],
        [
          { target_url: 'https://user:pass@evil.example' },
          { path: 'target_url', message: INVALID_URL_MESSAGE },
        ],
        [
          { target_url: 'example.com/\nboots' },
          {
            path: 'target_url',
            message: NEWLINES_MESSAGE,
            parameters: { value: '"https://example.com/boots"' },
          },
        ],
      ];
      for (const [override, violation] of cases) {
        const response = await add(lineFor(facts, site, override as never));
        expect(response.statusCode, JSON.stringify(override)).toBe(400);
        expect(violationsOf(response), JSON.stringify(override)).toEqual([violation]);
      }
      expect(await countRows(ctx.handle.db, 'cart_items')).toBe(0);
    });

    it('accepts a word count above the maximum when the plan allows it, and normalises the target URL', async () => {
      const [item] = await addOk(
        lineFor(facts, siteWithNiches(facts), {
          content_product_plan: facts.plans.premium.id,
          word_count: 2500,
          target_url: '  northwind-outdoor.com/tents  ',
        }),
      );
      expect(item).toMatchObject({
        word_count: 2500,
        target_url: 'https://northwind-outdoor.com/tents',
      });
    });

    it('takes the topic and the due date too, so a copy of a line is one call', async () => {
      const [item] = await addOk(
        lineFor(facts, siteWithNiches(facts), {
          content_product_plan: facts.plans.standard.id,
          topic: '  Ten tents for a wet weekend  ',
          publishing_due_date: '2026-04-30',
        }),
      );
      expect(item).toMatchObject({
        topic: 'Ten tents for a wet weekend',
        publishing_due_date: '2026-04-30',
      });
      const refused = await add(
        lineFor(facts, siteWithNiches(facts), { publishing_due_date: '2026-02-30' }),
      );
      expect(refused.statusCode).toBe(400);
      expect(violationsOf(refused)).toEqual([
        { path: 'publishing_due_date', message: 'Dates are YYYY-MM-DD.' },
      ]);
      expect(await list()).toMatchObject({ pagination: { total: 1 } });
    });

    it('refuses a due date before today by the server clock, on the field (decision 132)', async () => {
      // 2026-03-02 09:00 UTC: it is still 1 March where today began last (UTC−12).
      ctx.clock.set(TEST_START);
      const line = (date: string) =>
        lineFor(facts, siteWithNiches(facts), { publishing_due_date: date });
      for (const date of ['2026-03-01', '2026-03-02', '2027-01-01']) {
        expect((await add(line(date))).statusCode, date).toBe(201);
      }
      const refused = await add(line('2026-02-28'));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 400,
        violations: [{ path: 'publishing_due_date', message: DUE_DATE_IN_PAST_MESSAGE }],
      });
      // Three days later the same first of March has passed everywhere.
      ctx.clock.set(new Date('2026-03-05T09:00:00Z'));
      try {
        const { buyer } = await signInBuyers(ctx.app);
        const later = await call('POST', '/shopping-carts/items', buyer, line('2026-03-01'));
        expect(violationsOf(later)).toEqual([
          { path: 'publishing_due_date', message: DUE_DATE_IN_PAST_MESSAGE },
        ]);
        const listed = await call('GET', '/shopping-carts/items', buyer);
        expect(listed.json()).toMatchObject({ pagination: { total: 3 } });
      } finally {
        ctx.clock.set(TEST_START);
      }
    });

    it('refuses a site the buyer blacklisted', async () => {
      const site = siteWithNiches(facts, 1, 3);
      await call('POST', '/sites/blacklists', tokens.buyer, { ids: [site.id] });
      try {
        const response = await add(lineFor(facts, site));
        expect(response.statusCode).toBe(400);
        expect(violationsOf(response)).toEqual([
          { path: 'site', message: CART_SITE_BLACKLISTED_MESSAGE },
        ]);
        // The other buyer has not blacklisted it.
        await addOk(lineFor(facts, site, {}, 'secondBuyer'), 'secondBuyer');
      } finally {
        await call('PUT', '/sites/blacklists/removals', tokens.buyer, { ids: [site.id] });
      }
    });

    it("refuses a site the buyer's company blacklisted, not another company's buyer", async () => {
      const site = siteWithNiches(facts, 1, 4);
      const shared = { ids: [site.id], scope: 'company' };
      await call('POST', '/sites/blacklists', tokens.buyer, shared);
      try {
        const response = await add(lineFor(facts, site));
        expect(response.statusCode).toBe(400);
        expect(violationsOf(response)).toEqual([
          { path: 'site', message: CART_SITE_BLACKLISTED_MESSAGE },
        ]);
        await addOk(lineFor(facts, site, {}, 'secondBuyer'), 'secondBuyer');
      } finally {
        await call('PUT', '/sites/blacklists/removals', tokens.buyer, shared);
      }
    });

    it('computes every price on the server: (plan + link type) per article, in cents', async () => {
      const plans = [facts.plans.provide, facts.plans.standard, facts.plans.premium];
      const sites = facts.sites.slice(0, 10);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...sites),
          fc.nat(),
          fc.constantFrom(...plans),
          fc.integer({ min: 1, max: 5 }),
          async (site, nicheIndex, plan, articles) => {
            await ctx.handle.db.delete(cartItems);
            const niches = [...site.prices.entries()];
            const [nicheId, linkPrice] = niches[nicheIndex % niches.length] ?? ['', ''];
            const items = await addOk(
              lineFor(facts, site, {
                link_type: nicheId,
                content_product_plan: plan.id,
                articles_number: articles,
              }),
            );
            // Independently: integer cents from the digit strings.
            const toCents = (money: string) => {
              const [units = '0', hundredths = '0'] = money.split('.');
              return BigInt(units) * 100n + BigInt(hundredths);
            };
            const expected = toCents(linkPrice) + toCents(plan.price);
            expect(items).toHaveLength(articles);
            for (const item of items) expect(toCents(item.total_price)).toBe(expected);
            const defaults = CartDefaultsSchema.parse(
              (await call('GET', '/shopping-carts/defaults', tokens.buyer)).json(),
            );
            expect(toCents(defaults.total_price)).toBe(expected * BigInt(articles));
            expect(toCents(defaults.price)).toBe(toCents(linkPrice) * BigInt(articles));
            expect(toCents(defaults.content_price)).toBe(toCents(plan.price) * BigInt(articles));
          },
        ),
        { numRuns: 25 },
      );
    });

    it('replays an answer for a repeated Idempotency-Key and refuses the key with another body', async () => {
      const line = lineFor(facts, siteWithNiches(facts), { articles_number: 2 });
      const key = { 'idempotency-key': 'cart-add-1' };
      const first = await add(line, 'buyer', key);
      const again = await add(line, 'buyer', key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await list()).pagination.total).toBe(2);
      const other = await add({ ...line, articles_number: 3 }, 'buyer', key);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ code: 422, message: IDEMPOTENCY_MISMATCH_MESSAGE });
      expect((await list()).pagination.total).toBe(2);
      // Keys belong to one buyer: the other buyer may use the same text.
      const theirs = await add(
        lineFor(facts, siteWithNiches(facts), {}, 'secondBuyer'),
        'secondBuyer',
        key,
      );
      expect(theirs.statusCode).toBe(201);
      // After 24 hours a key may be used again.
      ctx.clock.advanceSeconds(24 * 60 * 60 + 1);
      try {
        const fresh = await signInBuyers(ctx.app);
        const later = await call(
          'POST',
          '/shopping-carts/items',
          fresh.buyer,
          { ...line, articles_number: 3 },
          key,
        );
        expect(later.statusCode).toBe(201);
        const listed = await call('GET', '/shopping-carts/items', fresh.buyer);
        expect(CartItemListSchema.parse(listed.json()).pagination.total).toBe(5);
      } finally {
        ctx.clock.advanceSeconds(-(24 * 60 * 60 + 1));
      }
    });

    it('refuses an Idempotency-Key that is not visible ASCII', async () => {
      const response = await add(lineFor(facts, siteWithNiches(facts)), 'buyer', {
        'idempotency-key': 'two words',
      });
      expect(response.statusCode).toBe(400);
      expect(violationsOf(response)).toEqual([
        {
          path: expect.stringContaining('idempotency-key') as string,
          message: expect.stringContaining('Idempotency-Key') as string,
        },
      ]);
    });
  });

  describe('reading the cart', () => {
    it('lists newest first with pagination and counts items per site', async () => {
      const [a, b] = [siteWithNiches(facts, 1, 0), siteWithNiches(facts, 1, 1)];
      if (!a || !b) throw new Error('sites');
      const first = await addOk(lineFor(facts, a, { articles_number: 2 }));
      ctx.clock.advanceSeconds(1);
      const second = await addOk(lineFor(facts, b));
      const page1 = await list('?limit=2&page=1');
      expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 3 });
      expect(page1.data.map((item) => item.id)).toEqual([second[0]?.id, first[0]?.id]);
      const page2 = await list('?limit=2&page=2');
      expect(page2.data.map((item) => item.id)).toEqual([first[1]?.id]);
      expect((await list()).pagination.limit).toBe(10);
      const counted = CartSitesSchema.parse(
        (await call('GET', '/shopping-carts/sites', tokens.buyer)).json(),
      );
      expect(counted.data.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
        [
          { id: a.id, items_amount: 2 },
          { id: b.id, items_amount: 1 },
        ].sort((x, y) => x.id.localeCompare(y.id)),
      );
      expect((await call('GET', '/shopping-carts/items?limit=101', tokens.buyer)).statusCode).toBe(
        400,
      );
    });

    it('shows each buyer only their own cart', async () => {
      await addOk(lineFor(facts, siteWithNiches(facts)));
      expect((await list('', 'secondBuyer')).data).toEqual([]);
      const sites = (await call('GET', '/shopping-carts/sites', tokens.secondBuyer)).json();
      expect(sites).toEqual({ data: [] });
    });
  });

  describe('changing and removing items', () => {
    it('updates the checkout fields, accepting yes/no and normalising the target URL', async () => {
      const site = siteWithNiches(facts);
      const [item] = await addOk(lineFor(facts, site, { anchor_text: null, target_url: null }));
      const response = await call('PUT', `/shopping-carts/items/${item?.id}`, tokens.buyer, {
        content_product_plan: facts.plans.standard.id,
        article_topic: 'please_provide_me_a_topic',
        is_topic_needs_approval: 'yes',
        anchor_text: 'tents',
        target_url: 'northwind-outdoor.com/tents',
        topic: ' Ten tents for spring ',
        publishing_due_date: '2026-04-30',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(CartItemSchema.parse(response.json())).toMatchObject({
        id: item?.id,
        content_product_plan: { id: facts.plans.standard.id },
        word_count: 500,
        article_topic: 'please_provide_me_a_topic',
        is_topic_needs_approval: true,
        anchor_text: 'tents',
        target_url: 'https://northwind-outdoor.com/tents',
        topic: 'Ten tents for spring',
        publishing_due_date: '2026-04-30',
        content_price: '25.00',
      });
      const back = await call('PUT', `/shopping-carts/items/${item?.id}`, tokens.buyer, {
        content_product_plan: null,
      });
      expect(back.json()).toMatchObject({
        content_product_plan: null,
        word_count: null,
        article_topic: 'i_will_write_my_topic',
        is_topic_needs_approval: false,
      });
    });

    it('answers violations of a change and keeps the item as it was', async () => {
      const site = siteWithNiches(facts);
      const [item] = await addOk(lineFor(facts, site));
      const url = `/shopping-carts/items/${item?.id}`;
      const bad = await call('PUT', url, tokens.buyer, {
        link_type: unpricedNiche(facts, site),
        target_url: 'a\nb.com',
      });
      expect(bad.statusCode).toBe(400);
      expect(violationsOf(bad)).toEqual([
        { path: 'link_type', message: LINK_TYPE_NOT_PRICED_MESSAGE },
        {
          path: 'target_url',
          message: NEWLINES_MESSAGE,
          parameters: { value: '"https://ab.com"' },
        },
      ]);
      const date = await call('PUT', url, tokens.buyer, { publishing_due_date: '2026-02-30' });
      expect(date.statusCode).toBe(400);
      expect((await list()).data[0]).toEqual(item);
    });

    it('keeps an anchor text of 255 characters whole and refuses a longer one, changing nothing', async () => {
      const site = siteWithNiches(facts);
      const [item] = await addOk(lineFor(facts, site));
      const url = `/shopping-carts/items/${item?.id}`;
      // Counted in characters, as the checkout's counter counts: the emoji is one.
      const longest = `${'a'.repeat(254)}😀`;
      const kept = await call('PUT', url, tokens.buyer, { anchor_text: longest });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toMatchObject({ anchor_text: longest });
      const refused = await call('PUT', url, tokens.buyer, { anchor_text: `${longest}a` });
      expect(refused.statusCode).toBe(400);
      expect(violationsOf(refused)).toEqual([
        { path: 'anchor_text', message: 'Anchor text can be at most 255 characters.' },
      ]);
      expect((await list()).data[0]?.anchor_text).toBe(longest);
    });

    it('refuses setting a past due date, keeps a stored one that has passed, and no order is placed with it', async () => {
      ctx.clock.set(TEST_START);
      const [item] = await addOk(
        lineFor(facts, siteWithNiches(facts), {
          content_product_plan: facts.plans.standard.id,
          anchor_text: 'tents',
          target_url: 'https://northwind-outdoor.com/tents',
          topic: 'Ten tents for a wet weekend',
          publishing_due_date: '2026-03-10',
        }),
      );
      const url = `/shopping-carts/items/${item!.id}`;
      const past = await call('PUT', url, tokens.buyer, { publishing_due_date: '2026-02-01' });
      expect(violationsOf(past)).toEqual([
        { path: 'publishing_due_date', message: DUE_DATE_IN_PAST_MESSAGE },
      ]);
      ctx.clock.set(new Date('2026-03-20T09:00:00Z'));
      try {
        const { buyer } = await signInBuyers(ctx.app);
        // Another field of the line may still change; the passed date stays as it was.
        const comments = await call('PUT', url, buyer, { comments: 'Thanks' });
        expect(comments.statusCode, comments.body).toBe(200);
        const order = await call('POST', '/orders', buyer, {
          company: facts.companyIds.buyer,
          invoice_emails: ['accounts@example.com'],
          payment_method: 'bank_transfer',
        });
        expect(order.statusCode).toBe(400);
        expect(order.json()).toMatchObject({
          message: CHECKOUT_INCOMPLETE_MESSAGE,
          violations: [
            {
              path: 'items[0].publishing_due_date',
              message: DUE_DATE_IN_PAST_MESSAGE,
              parameters: { id: item!.id },
            },
          ],
        });
        const today = await call('PUT', url, buyer, { publishing_due_date: '2026-03-20' });
        expect(today.statusCode, today.body).toBe(200);
      } finally {
        ctx.clock.set(TEST_START);
      }
    });

    it("answers 404 for another buyer's item, as for a missing one", async () => {
      const [item] = await addOk(lineFor(facts, siteWithNiches(facts)));
      for (const id of [item?.id, UNKNOWN_ID]) {
        const response = await call('PUT', `/shopping-carts/items/${id}`, tokens.secondBuyer, {
          anchor_text: 'mine now',
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 404, message: CART_ITEM_NOT_FOUND_MESSAGE });
      }
      const removed = await call('PUT', '/shopping-carts/items/removals', tokens.secondBuyer, {
        ids: [item?.id],
      });
      expect(removed.statusCode).toBe(204);
      expect(
        await call('DELETE', '/shopping-carts', tokens.secondBuyer).then((r) => r.statusCode),
      ).toBe(204);
      expect((await list()).data.map((row) => row.id)).toEqual([item?.id]);
    });

    it('removes the chosen items and empties the cart', async () => {
      const items = await addOk(lineFor(facts, siteWithNiches(facts), { articles_number: 3 }));
      const removed = await call('PUT', '/shopping-carts/items/removals', tokens.buyer, {
        ids: [items[0]?.id, UNKNOWN_ID],
      });
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      expect((await list()).data.map((item) => item.id)).toEqual([items[1]?.id, items[2]?.id]);
      const duplicate = await call('PUT', '/shopping-carts/items/removals', tokens.buyer, {
        ids: [items[1]?.id, items[1]?.id],
      });
      expect(duplicate.statusCode).toBe(400);
      expect((await call('DELETE', '/shopping-carts', tokens.buyer)).statusCode).toBe(204);
      expect((await list()).pagination.total).toBe(0);
    });
  });

  it('documents the cart and order calls with the Idempotency-Key header', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(document.paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/buyer/shopping-carts',
        '/api/v1/buyer/shopping-carts/defaults',
        '/api/v1/buyer/shopping-carts/items',
        '/api/v1/buyer/shopping-carts/items/{id}',
        '/api/v1/buyer/shopping-carts/items/removals',
        '/api/v1/buyer/shopping-carts/sites',
        '/api/v1/buyer/orders',
        '/api/v1/buyer/orders/{id}',
        '/api/v1/buyer/orders/payment-methods',
      ]),
    );
    for (const path of ['/api/v1/buyer/orders', '/api/v1/buyer/shopping-carts/items']) {
      const post = document.paths[path].post;
      expect(post.parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
        ]),
      );
      expect(Object.keys(post.responses)).toEqual([
        '201',
        '400',
        '401',
        '403',
        '409',
        '422',
        '500',
      ]);
    }
  });
});
