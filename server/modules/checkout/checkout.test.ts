// Checkout and orders, written once and run against each database the server supports: order
// creation per payment method, VAT, credits, pay by bill and its monthly invoice, re-validation
// of the cart, idempotent repeats and what another buyer may see.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { AccountBillingSchema } from '#contract/billing.ts';
import {
  CART_SITE_BLACKLISTED_MESSAGE,
  CartDefaultsSchema,
  type CartItem,
  CartItemListSchema,
  type CartLineCreate,
  CHECKOUT_INCOMPLETE_MESSAGE,
  EMPTY_CART_MESSAGE,
  LINK_TYPE_NOT_PRICED_MESSAGE,
  NOT_BLANK_MESSAGE,
  wordCountMessage,
} from '#contract/cart.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import {
  BILL_LIMIT_MESSAGE,
  CART_CHANGED_MESSAGE,
  COMPANY_NOT_FOUND_MESSAGE,
  IDEMPOTENCY_MISMATCH_MESSAGE,
  INSUFFICIENT_CREDITS_MESSAGE,
  LINE_CHANGED_MESSAGE,
  LINE_GONE_MESSAGE,
  type Order,
  ORDER_NOT_FOUND_MESSAGE,
  OrderSchema,
  PAY_BY_BILL_NOT_ALLOWED_MESSAGE,
  type PaymentMethod,
  PaymentMethodListSchema,
} from '#contract/orders.ts';
import { BuyerProfileSchema } from '#contract/profile.ts';
import { INVALID_COUNTRY_MESSAGE } from '#contract/reference-data.ts';
import { vatCents } from '#contract/vat.ts';
import { referenceIds } from '#server/db/reference-data.ts';
import {
  cartItems,
  companies,
  creditTransactions,
  invoices,
  orders,
  sitePrices,
} from '#server/db/schema/index.ts';
import { UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import {
  accountOf,
  addBuyersToCompany,
  countRows,
  creditsOf,
  firstNiche,
  itemsOfOrder,
  lineFor,
  setCredits,
  siteWithNiches,
  useBuyerApp,
} from '#tests/helpers/orders.ts';
import { signInBuyers, TEST_START } from '#tests/helpers/test-app.ts';

import { issueMonthlyBills, MONTHLY_BILLS_JOB } from '../billing/billing.service.ts';

type Who = 'buyer' | 'secondBuyer';

describe('checkout and orders', () => {
  const app = useBuyerApp();
  let { ctx, facts, tokens, call } = app;
  beforeAll(() => ({ ctx, facts, tokens, call } = app));
  beforeEach(async () => {
    ctx.clock.set(TEST_START);
    await ctx.handle.db.delete(cartItems);
  });

  const fill = async (lines: CartLineCreate[], who: Who = 'buyer') => {
    for (const line of lines) {
      const response = await call('POST', '/shopping-carts/items', tokens[who], line);
      expect(response.statusCode, response.body).toBe(201);
    }
  };
  const orderBody = (method: PaymentMethod, who: Who = 'buyer', extra: object = {}) => ({
    company: facts.companyIds[who],
    po_number: '  ',
    invoice_emails: ['accounts@example.com'],
    payment_method: method,
    ...extra,
  });
  const place = (body: object, who: Who = 'buyer', headers: Record<string, string> = {}) =>
    call('POST', '/orders', tokens[who], body, headers);
  const placeOk = async (body: object, who: Who = 'buyer') => {
    const response = await place(body, who);
    expect(response.statusCode, response.body).toBe(201);
    return OrderSchema.parse(response.json());
  };
  const methods = async (who: Who = 'buyer') =>
    PaymentMethodListSchema.parse(
      (await call('GET', '/orders/payment-methods', tokens[who])).json(),
    ).data;
  const itemsOf = (orderId: string) => itemsOfOrder(ctx.handle.db, orderId);

  /** Two lines: 'provide' × 1 and the standard plan × 2 on another link type. */
  const twoLines = (who: Who = 'buyer') => {
    const site = siteWithNiches(facts, 2);
    const niches = [...site.prices.entries()];
    const [[nicheA, priceA], [nicheB, priceB]] = niches as [[string, string], [string, string]];
    const lines: CartLineCreate[] = [
      lineFor(facts, site, { link_type: nicheA }, who),
      lineFor(
        facts,
        site,
        {
          link_type: nicheB,
          articles_number: 2,
          content_product_plan: facts.plans.standard.id,
          article_topic: 'please_provide_me_a_topic',
          is_topic_needs_approval: true,
        },
        who,
      ),
    ];
    const net = moneyToCents(priceA) + 2 * (moneyToCents(priceB) + 2500);
    return { site, lines, net, priceA, priceB };
  };

  it('places a bank-transfer order: one item per article, prices frozen, cart emptied', async () => {
    const { site, lines, net, priceA, priceB } = twoLines();
    await fill(lines);
    const order = await placeOk(orderBody('bank_transfer'));
    expect(order).toMatchObject({
      po_number: null,
      price: centsToMoney(net),
      // The first demo company is in the United Kingdom: no VAT.
      vat: '0.00',
      vat_rate: '0.00',
      vat_treatment: 'outside_eu',
      price_with_vat: centsToMoney(net),
      links_amount: 3,
      live_links_amount: 0,
      status: 'processing',
      company: { id: facts.companyIds.buyer, title: 'Northwind Outdoor Ltd' },
      invoice_emails: ['accounts@example.com'],
      billing: {
        business_name: 'Northwind Outdoor Ltd',
        country_id: referenceIds.country('GB'),
        city: 'London',
        address: '12 Old Street',
        zip_code: 'EC1V 9HX',
        vat_number: 'GB123456789',
      },
      payment_method: 'bank_transfer',
      payment: { status: 'pending_payment', method: 'bank_transfer' },
      // The invoice's PDF is printed by a job after the order has committed (decision 196).
      invoice: {
        file: null,
        payment_status: 'pending_payment',
        payment_method: 'bank_transfer',
      },
      credit_note: null,
    });
    expect(order.number).toMatch(/^1\d{5}$/);
    expect(order.invoice?.number).toMatch(/^INV-2026-\d{6}$/);
    const items = await itemsOf(order.id);
    // The cart lists newest first: the two standard articles, then the 'provide' one.
    expect(items.map((item) => item.number)).toEqual([1, 2, 3].map((n) => `${order.number}-${n}`));
    expect(items.map((item) => [item.price, item.contentPrice, item.status])).toEqual([
      [priceB, '25.00', 'processing'],
      [priceB, '25.00', 'processing'],
      [priceA, '0.00', 'processing'],
    ]);
    expect(items[0]).toMatchObject({
      siteId: site.id,
      siteHostname: site.hostname,
      buyerDomainId: facts.domains.buyer[0]?.id,
      contentProductPlanId: facts.plans.standard.id,
      wordCount: 500,
      articleTopic: 'please_provide_me_a_topic',
      isTopicNeedsApproval: true,
      isArticleProvidedByBuyer: false,
      isTopicProvidedByBuyer: false,
      anchorText: 'best hiking boots',
      targetUrl: 'https://northwind-outdoor.com/boots',
      isRequestedEdits: false,
      liveLink: null,
      publishedAt: null,
    });
    expect(items[2]).toMatchObject({
      contentProductPlanId: null,
      wordCount: null,
      isArticleProvidedByBuyer: true,
      isTopicProvidedByBuyer: true,
    });
    expect(await countRows(ctx.handle.db, 'cart_items')).toBe(0);
    const read = await call('GET', `/orders/${order.id}`, tokens.buyer);
    expect(read.json()).toEqual(order);
    // Prices changed later do not change the order.
    await ctx.handle.db
      .update(sitePrices)
      .set({ price: '999.00' })
      .where(and(eq(sitePrices.siteId, site.id)));
    try {
      expect((await call('GET', `/orders/${order.id}`, tokens.buyer)).json()).toEqual(order);
    } finally {
      for (const [nicheId, price] of site.prices) {
        await ctx.handle.db
          .update(sitePrices)
          .set({ price })
          .where(and(eq(sitePrices.siteId, site.id), eq(sitePrices.nicheId, nicheId)));
      }
    }
  });

  it('numbers orders one after another', async () => {
    const site = siteWithNiches(facts);
    await fill([lineFor(facts, site)]);
    const first = await placeOk(orderBody('bank_transfer'));
    await fill([lineFor(facts, site)]);
    const second = await placeOk(orderBody('bank_transfer'));
    expect(Number(second.number)).toBe(Number(first.number) + 1);
    expect(Number(first.number)).toBeGreaterThanOrEqual(100001);
  });

  it('charges domestic VAT to the German company and decides VAT by the billing address given', async () => {
    const site = siteWithNiches(facts);
    const net = moneyToCents(firstNiche(site)[1]) + 4500;
    const line = lineFor(
      facts,
      site,
      {
        content_product_plan: facts.plans.premium.id,
        article_topic: 'please_provide_me_a_topic',
      },
      'secondBuyer',
    );
    const defaults = CartDefaultsSchema.parse(
      (await call('GET', '/shopping-carts/defaults', tokens.secondBuyer)).json(),
    );
    expect(defaults).toMatchObject({
      items_amount: 0,
      vat: '0.00',
      total_price_with_vat: '0.00',
    });
    await fill([line], 'secondBuyer');
    const summary = CartDefaultsSchema.parse(
      (await call('GET', '/shopping-carts/defaults', tokens.secondBuyer)).json(),
    );
    expect(summary).toMatchObject({
      items_amount: 1,
      total_price: centsToMoney(net),
      vat: centsToMoney(vatCents(net, 1900)),
      vat_rate: '19.00',
      vat_treatment: 'domestic',
      total_price_with_vat: centsToMoney(net + vatCents(net, 1900)),
      invoice_emails: ['buchhaltung@bergmann-digital.de'],
      company: {
        id: facts.companyIds.secondBuyer,
        title: 'Bergmann Digital GmbH',
        address: { city: 'Berlin', country: { code: 'DE', title: 'Germany' } },
        billing_information: { vat_number: 'DE123456789' },
        is_pay_by_bill_allowed: false,
      },
      companies: [
        { id: facts.companyIds.secondBuyer, title: 'Bergmann Digital GmbH', is_current: true },
      ],
    });
    const domestic = await placeOk(orderBody('bank_transfer', 'secondBuyer'), 'secondBuyer');
    expect(domestic).toMatchObject({
      vat_treatment: 'domestic',
      vat_rate: '19.00',
      vat: summary.vat,
      price_with_vat: summary.total_price_with_vat,
    });
    const billing = {
      business_name: 'Bergmann Digital France',
      city: 'Paris',
      address: '1 rue de Rivoli',
      zip_code: '75001',
    };
    const cases: [string, string | null, string, number][] = [
      ['FR', 'FR12345678901', 'reverse_charge', 0],
      ['FR', null, 'eu_no_vat_number', 1900],
      ['US', 'US-1', 'outside_eu', 0],
    ];
    for (const [country, vatNumber, treatment, rate] of cases) {
      await fill([line], 'secondBuyer');
      const order = await placeOk(
        orderBody('bank_transfer', 'secondBuyer', {
          billing: {
            ...billing,
            country_id: referenceIds.country(country),
            vat_number: vatNumber,
          },
        }),
        'secondBuyer',
      );
      expect(order, country).toMatchObject({
        vat_treatment: treatment,
        vat: centsToMoney(vatCents(net, rate)),
        price_with_vat: centsToMoney(net + vatCents(net, rate)),
        billing: { ...billing, country_id: referenceIds.country(country), vat_number: vatNumber },
      });
    }
    await fill([line], 'secondBuyer');
    const unknownCountry = await place(
      orderBody('bank_transfer', 'secondBuyer', {
        billing: { ...billing, country_id: UNKNOWN_ID },
      }),
      'secondBuyer',
    );
    expect(unknownCountry.statusCode).toBe(400);
    expect(unknownCountry.json().violations).toEqual([
      { path: 'billing.country_id', message: INVALID_COUNTRY_MESSAGE },
    ]);
  });

  it('pays with the company credits: balance debited, ledger row, work starts', async () => {
    const { lines, net } = twoLines();
    await setCredits(ctx.handle.db, facts.companyIds.buyer, centsToMoney(net + 1000));
    await fill(lines);
    const credits = (await methods()).find((method) => method.id === 'credits');
    expect(credits).toMatchObject({
      is_available: true,
      unavailable_reason: null,
      available_amount: centsToMoney(net + 1000),
    });
    const order = await placeOk(orderBody('credits'));
    expect(order).toMatchObject({
      payment: { status: 'paid', method: 'credits' },
      invoice: { payment_status: 'paid', payment_method: 'credits' },
    });
    expect(await creditsOf(ctx.handle.db, facts.companyIds.buyer)).toBe('10.00');
    const ledger = await ctx.handle.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.orderId, order.id));
    expect(ledger).toMatchObject([
      {
        companyId: facts.companyIds.buyer,
        userId: facts.userIds.buyer,
        amount: centsToMoney(-net),
        balanceAfter: '10.00',
      },
    ]);
    expect((await itemsOf(order.id)).map((item) => item.status)).toEqual([
      'in_progress',
      'in_progress',
      'waiting_for_content',
    ]);
    // Every buyer of the company sees the company's balance on the profile.
    const profile = BuyerProfileSchema.parse((await call('GET', '/profiles', tokens.buyer)).json());
    expect(profile.accounts[0]?.credits_balance).toBe('10.00');
  });

  it('refuses credits that do not cover the total with VAT, and changes nothing', async () => {
    const site = siteWithNiches(facts);
    const net = moneyToCents(firstNiche(site)[1]);
    const gross = net + vatCents(net, 1900);
    await setCredits(ctx.handle.db, facts.companyIds.secondBuyer, centsToMoney(gross - 1));
    await fill([lineFor(facts, site, {}, 'secondBuyer')], 'secondBuyer');
    const credits = (await methods('secondBuyer')).find((method) => method.id === 'credits');
    expect(credits).toMatchObject({
      is_available: false,
      unavailable_reason: INSUFFICIENT_CREDITS_MESSAGE,
      available_amount: centsToMoney(gross - 1),
    });
    const before = await countRows(ctx.handle.db, 'orders');
    const response = await place(orderBody('credits', 'secondBuyer'), 'secondBuyer');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: INSUFFICIENT_CREDITS_MESSAGE,
      violations: [{ path: 'payment_method', message: INSUFFICIENT_CREDITS_MESSAGE }],
    });
    expect(await countRows(ctx.handle.db, 'orders')).toBe(before);
    expect(await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer)).toBe(
      centsToMoney(gross - 1),
    );
    expect(await countRows(ctx.handle.db, 'cart_items')).toBe(1);
    // Exactly enough is enough.
    await setCredits(ctx.handle.db, facts.companyIds.secondBuyer, centsToMoney(gross));
    await placeOk(orderBody('credits', 'secondBuyer'), 'secondBuyer');
    expect(await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer)).toBe('0.00');
  });

  it('pays by bill when the company may and the open bills stay under its limit', async () => {
    const site = siteWithNiches(facts);
    const gross = moneyToCents(firstNiche(site)[1]);
    await fill([lineFor(facts, site)]);
    const order = await placeOk(orderBody('pay_by_bill'));
    expect(order).toMatchObject({
      payment: { status: 'approved', method: 'pay_by_bill' },
      invoice: null,
    });
    expect((await itemsOf(order.id)).map((item) => item.status)).toEqual(['waiting_for_content']);

    await fill([lineFor(facts, site)]);
    const bill = (await methods()).find((method) => method.id === 'pay_by_bill');
    expect(bill?.is_available).toBe(true);
    const account = await accountOf(ctx.handle.db, facts.userIds.buyer, facts.companyIds.buyer);
    const billing = AccountBillingSchema.parse(
      (await call('GET', `/profiles/accounts/${account?.id}/billing`, tokens.buyer)).json(),
    );
    expect(bill?.available_amount).toBe(billing.available_to_pay_by_bill);
    const open = moneyToCents(billing.company_unpaid_pay_by_bill);
    expect(open).toBeGreaterThanOrEqual(gross);
    // A company limit the next order would cross by one cent.
    await ctx.handle.db
      .update(companies)
      .set({ billLimit: centsToMoney(open + gross - 1) })
      .where(eq(companies.id, facts.companyIds.buyer));
    try {
      const refused = (await methods()).find((method) => method.id === 'pay_by_bill');
      expect(refused).toMatchObject({
        is_available: false,
        unavailable_reason: BILL_LIMIT_MESSAGE,
        available_amount: centsToMoney(gross - 1),
      });
      const response = await place(orderBody('pay_by_bill'));
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([
        { path: 'payment_method', message: BILL_LIMIT_MESSAGE },
      ]);
    } finally {
      await ctx.handle.db
        .update(companies)
        .set({ billLimit: '10000.00' })
        .where(eq(companies.id, facts.companyIds.buyer));
    }
  });

  it('refuses pay by bill to a company not allowed it', async () => {
    await fill([lineFor(facts, siteWithNiches(facts), {}, 'secondBuyer')], 'secondBuyer');
    const bill = (await methods('secondBuyer')).find((method) => method.id === 'pay_by_bill');
    expect(bill).toMatchObject({
      is_available: false,
      unavailable_reason: PAY_BY_BILL_NOT_ALLOWED_MESSAGE,
      available_amount: null,
    });
    const response = await place(orderBody('pay_by_bill', 'secondBuyer'), 'secondBuyer');
    expect(response.statusCode).toBe(400);
    expect(response.json().violations).toEqual([
      { path: 'payment_method', message: PAY_BY_BILL_NOT_ALLOWED_MESSAGE },
    ]);
    const bank = (await methods('secondBuyer')).find((method) => method.id === 'bank_transfer');
    expect(bank).toMatchObject({ is_available: true, unavailable_reason: null });
  });

  it('checks every cart line again and names the row and field of each problem', async () => {
    const site = siteWithNiches(facts, 2, 2);
    const [[nicheA], [nicheB, priceB]] = [...site.prices.entries()] as [[string], [string, string]];
    await fill([
      lineFor(facts, site, { link_type: nicheB }),
      lineFor(facts, site, {
        link_type: nicheA,
        content_product_plan: facts.plans.standard.id,
        anchor_text: null,
        target_url: null,
      }),
      lineFor(facts, site, { link_type: nicheA, anchor_text: '   ' }),
    ]);
    const incomplete = await place(orderBody('bank_transfer'));
    expect(incomplete.statusCode).toBe(400);
    // Newest first: index 0 is the last line added.
    const cart = await call('GET', '/shopping-carts/items?limit=100', tokens.buyer);
    const [newest, middle] = (cart.json() as { data: { id: string }[] }).data.map(
      (item) => item.id,
    );
    expect(incomplete.json()).toEqual({
      code: 400,
      message: CHECKOUT_INCOMPLETE_MESSAGE,
      violations: [
        { path: 'items[0].anchor_text', message: NOT_BLANK_MESSAGE, parameters: { id: newest } },
        { path: 'items[1].anchor_text', message: NOT_BLANK_MESSAGE, parameters: { id: middle } },
        { path: 'items[1].target_url', message: NOT_BLANK_MESSAGE, parameters: { id: middle } },
        { path: 'items[1].topic', message: NOT_BLANK_MESSAGE, parameters: { id: middle } },
      ],
    });
    await ctx.handle.db.delete(cartItems);
    await fill([
      lineFor(facts, site, { link_type: nicheB }),
      lineFor(facts, site, { link_type: nicheA }),
    ]);
    // The site stops pricing one link type, and the buyer blacklists it.
    await ctx.handle.db
      .delete(sitePrices)
      .where(and(eq(sitePrices.siteId, site.id), eq(sitePrices.nicheId, nicheB)));
    try {
      const unpriced = await place(orderBody('bank_transfer'));
      expect(unpriced.json().violations).toMatchObject([
        { path: 'items[1].link_type', message: LINK_TYPE_NOT_PRICED_MESSAGE },
      ]);
      await call('POST', '/sites/blacklists', tokens.buyer, { ids: [site.id] });
      const blacklisted = await place(orderBody('bank_transfer'));
      expect(blacklisted.json().violations).toMatchObject([
        { path: 'items[0].site', message: CART_SITE_BLACKLISTED_MESSAGE },
        { path: 'items[1].site', message: CART_SITE_BLACKLISTED_MESSAGE },
      ]);
    } finally {
      await call('PUT', '/sites/blacklists/removals', tokens.buyer, { ids: [site.id] });
      await ctx.handle.db
        .insert(sitePrices)
        .values({ siteId: site.id, nicheId: nicheB, price: priceB });
    }
    expect(await countRows(ctx.handle.db, 'cart_items')).toBe(2);
  });

  describe('the lines the screen read', () => {
    const readCart = async (who: Who = 'buyer') =>
      CartItemListSchema.parse(
        (await call('GET', '/shopping-carts/items?limit=100', tokens[who])).json(),
      ).data;
    const linesOf = (items: { id: string; version: string }[]) =>
      items.map(({ id, version }) => ({ id, version }));

    it('places the order when every line is as the screen read it', async () => {
      const { lines, net } = twoLines();
      await setCredits(ctx.handle.db, facts.companyIds.buyer, centsToMoney(net));
      await fill(lines);
      const read = await readCart();
      const order = await placeOk(orderBody('credits', 'buyer', { lines: linesOf(read) }));
      expect(order.links_amount).toBe(3);
      expect(await creditsOf(ctx.handle.db, facts.companyIds.buyer)).toBe('0.00');
      expect(await countRows(ctx.handle.db, 'cart_items')).toBe(0);
    });

    it('refuses with 409, naming each line, a cart changed since the screen read it, and charges nothing', async () => {
      const { site, lines, net } = twoLines();
      await setCredits(ctx.handle.db, facts.companyIds.buyer, centsToMoney(net * 2));
      await fill(lines);
      const read = await readCart();
      const [first, second, third] = read as [CartItem, CartItem, CartItem];
      // Another tab changes the second line, and the same value back on the third one.
      const edited = await call('PUT', `/shopping-carts/items/${second.id}`, tokens.buyer, {
        anchor_text: 'changed elsewhere',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await call('PUT', `/shopping-carts/items/${third.id}`, tokens.buyer, {
        anchor_text: third.anchor_text,
      });
      const ordersBefore = await countRows(ctx.handle.db, 'orders');
      const stale = await place(orderBody('credits', 'buyer', { lines: linesOf(read) }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({
        code: 409,
        message: CART_CHANGED_MESSAGE,
        violations: [
          {
            path: 'items[1]',
            message: LINE_CHANGED_MESSAGE,
            parameters: { id: second.id, site: site.hostname },
          },
        ],
      });
      // A line added in another tab, and one deleted there.
      await fill([lineFor(facts, site, {})]);
      await call('PUT', '/shopping-carts/items/removals', tokens.buyer, { ids: [first.id] });
      const [added, secondNow, thirdNow] = (await readCart()) as [CartItem, CartItem, CartItem];
      const changed = await place(
        orderBody('credits', 'buyer', { lines: linesOf([first, secondNow, thirdNow]) }),
      );
      expect(changed.statusCode).toBe(409);
      expect(changed.json().violations).toEqual([
        {
          path: 'items[0]',
          message: LINE_CHANGED_MESSAGE,
          parameters: { id: added.id, site: site.hostname },
        },
        { path: 'lines[0]', message: LINE_GONE_MESSAGE, parameters: { id: first.id } },
      ]);
      expect(await countRows(ctx.handle.db, 'orders')).toBe(ordersBefore);
      expect(await creditsOf(ctx.handle.db, facts.companyIds.buyer)).toBe(centsToMoney(net * 2));
      expect(await countRows(ctx.handle.db, 'cart_items')).toBe(3);
      // Read again, the cart is ordered as it is.
      const order = await placeOk(
        orderBody('credits', 'buyer', { lines: linesOf(await readCart()) }),
      );
      expect(order.links_amount).toBe(3);
    });

    it('lists every line in the checkout’s answer, so an order names them without reading the cart', async () => {
      const { site, lines, net } = twoLines();
      await setCredits(ctx.handle.db, facts.companyIds.buyer, centsToMoney(net * 2));
      await fill([...lines, lineFor(facts, site, { anchor_text: null, target_url: '  ' })]);
      const answer = async () =>
        CartDefaultsSchema.parse(
          (await call('GET', '/shopping-carts/defaults', tokens.buyer)).json(),
        );
      const read = await answer();
      const items = await readCart();
      expect(read.lines).toEqual(
        items.map((item, index) => ({
          id: item.id,
          version: item.version,
          hostname: site.hostname,
          missing: index === 0 ? ['anchor_text', 'target_url'] : [],
        })),
      );
      await call('PUT', `/shopping-carts/items/${items[0]?.id}`, tokens.buyer, {
        anchor_text: 'cheap flights',
        target_url: 'https://shop.example.org/',
      });
      const complete = await answer();
      expect(complete.lines[0]?.missing).toEqual([]);
      expect(complete.lines[0]?.version).not.toBe(read.lines[0]?.version);
      // A line added in another tab after the answer was read is refused by name.
      await fill([lineFor(facts, site, {})]);
      const stale = await place(orderBody('credits', 'buyer', { lines: linesOf(complete.lines) }));
      expect(stale.statusCode).toBe(409);
      const [added] = await readCart();
      expect(stale.json().violations).toEqual([
        {
          path: 'items[0]',
          message: LINE_CHANGED_MESSAGE,
          parameters: { id: added?.id, site: site.hostname },
        },
      ]);
      const order = await placeOk(
        orderBody('credits', 'buyer', { lines: linesOf((await answer()).lines) }),
      );
      expect(order.links_amount).toBe(5);
    });

    it('names each line at the version the cart shows, whatever its plan, domain and price', async () => {
      const site = siteWithNiches(facts, 2);
      const [nicheA, nicheB] = [...site.prices.keys()] as [string, string];
      const [, otherDomain] = facts.domains.buyer;
      if (!otherDomain) throw new Error('The buyer needs two domains');
      await fill([
        // A paid plan whose buyer writes the topic, without one yet.
        lineFor(facts, site, {
          link_type: nicheA,
          content_product_plan: facts.plans.standard.id,
          article_topic: 'i_will_write_my_topic',
          topic: null,
        }),
        // 'provide' named by its id.
        lineFor(facts, site, { link_type: nicheB, content_product_plan: facts.plans.provide.id }),
        // A domain archived after the line was added.
        lineFor(facts, site, { link_type: nicheB, buyer_domain: otherDomain.id }),
      ]);
      const db = ctx.handle.db;
      const changePrice = (cents: number) =>
        db.execute(sql`update site_prices set price = price + ${cents / 100}
                       where site_id = ${site.id} and niche_id = ${nicheA}`);
      const archive = (archived: boolean) =>
        db.execute(sql`update buyer_domains set archived_at = ${archived ? sql`now()` : null}
                       where id = ${otherDomain.id}`);
      await changePrice(100);
      await archive(true);
      try {
        const read = CartDefaultsSchema.parse(
          (await call('GET', '/shopping-carts/defaults', tokens.buyer)).json(),
        );
        const items = await readCart();
        expect(read.lines.map(({ id, version }) => ({ id, version }))).toEqual(linesOf(items));
        expect(read.lines.map((line) => line.missing)).toEqual([[], [], ['topic']]);
      } finally {
        await changePrice(-100);
        await archive(false);
      }
    });

    it('refuses a line whose price changed since the screen read it', async () => {
      const site = siteWithNiches(facts);
      const [nicheId, price] = firstNiche(site);
      await fill([lineFor(facts, site, { link_type: nicheId })]);
      const read = await readCart();
      await ctx.handle.db
        .update(sitePrices)
        .set({ price: centsToMoney(moneyToCents(price) + 100) })
        .where(and(eq(sitePrices.siteId, site.id), eq(sitePrices.nicheId, nicheId)));
      try {
        const response = await place(orderBody('bank_transfer', 'buyer', { lines: linesOf(read) }));
        expect(response.statusCode).toBe(409);
        expect(response.json().violations).toMatchObject([
          { path: 'items[0]', parameters: { id: read[0]?.id } },
        ]);
      } finally {
        await ctx.handle.db
          .update(sitePrices)
          .set({ price })
          .where(and(eq(sitePrices.siteId, site.id), eq(sitePrices.nicheId, nicheId)));
      }
    });
  });

  it('refuses a stored word count its plan does not allow, or none, instead of ordering another', async () => {
    const site = siteWithNiches(facts);
    await setCredits(ctx.handle.db, facts.companyIds.buyer, '10000.00');
    await fill([
      lineFor(facts, site, {
        content_product_plan: facts.plans.standard.id,
        article_topic: 'please_provide_me_a_topic',
      }),
    ]);
    const [item] = CartItemListSchema.parse(
      (await call('GET', '/shopping-carts/items', tokens.buyer)).json(),
    ).data;
    expect(item?.word_count).toBe(500);
    const ordersBefore = await countRows(ctx.handle.db, 'orders');
    // Clearing the word count is refused, not replaced by the plan's minimum.
    const cleared = await call('PUT', `/shopping-carts/items/${item?.id}`, tokens.buyer, {
      word_count: null,
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().violations).toEqual([{ path: 'word_count', message: NOT_BLANK_MESSAGE }]);
    for (const [wordCount, message] of [
      [700, wordCountMessage(500, 500)],
      [null, NOT_BLANK_MESSAGE],
    ] as const) {
      await ctx.handle.db
        .update(cartItems)
        .set({ wordCount })
        .where(eq(cartItems.id, item?.id ?? ''));
      const response = await place(orderBody('credits'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        message: CHECKOUT_INCOMPLETE_MESSAGE,
        violations: [{ path: 'items[0].word_count', message, parameters: { id: item?.id } }],
      });
    }
    expect(await countRows(ctx.handle.db, 'orders')).toBe(ordersBefore);
    expect(await creditsOf(ctx.handle.db, facts.companyIds.buyer)).toBe('10000.00');
  });

  it('refuses an empty cart and a company that is not the buyer’s', async () => {
    const empty = await place(orderBody('bank_transfer'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 400, message: EMPTY_CART_MESSAGE });
    await fill([lineFor(facts, siteWithNiches(facts))]);
    const foreign = await place({
      ...orderBody('bank_transfer'),
      company: facts.companyIds.secondBuyer,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().violations).toEqual([
      { path: 'company', message: COMPANY_NOT_FOUND_MESSAGE },
    ]);
    const defaults = await call(
      'GET',
      `/shopping-carts/defaults?company=${facts.companyIds.secondBuyer}`,
      tokens.buyer,
    );
    expect(defaults.statusCode).toBe(404);
    expect(defaults.json()).toEqual({ code: 404, message: COMPANY_NOT_FOUND_MESSAGE });
    const price = await place({ ...orderBody('bank_transfer'), price: '1.00' });
    expect(price.statusCode).toBe(400);
    expect(await countRows(ctx.handle.db, 'cart_items')).toBe(1);
  });

  it('replays a repeated order with the same Idempotency-Key and refuses the key with another body', async () => {
    await fill([lineFor(facts, siteWithNiches(facts))]);
    const key = { 'idempotency-key': `order-${Date.now()}` };
    const before = await countRows(ctx.handle.db, 'orders');
    const first = await place(orderBody('bank_transfer'), 'buyer', key);
    const again = await place(orderBody('bank_transfer'), 'buyer', key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await countRows(ctx.handle.db, 'orders')).toBe(before + 1);
    const other = await place(orderBody('credits'), 'buyer', key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ code: 422, message: IDEMPOTENCY_MISMATCH_MESSAGE });
    // A failed request stores nothing: the same key can be used once the problem is fixed.
    const failKey = { 'idempotency-key': `order-empty-${Date.now()}` };
    const failed = await place(orderBody('bank_transfer'), 'buyer', failKey);
    expect(failed.json()).toEqual({ code: 400, message: EMPTY_CART_MESSAGE });
    await fill([lineFor(facts, siteWithNiches(facts))]);
    expect((await place(orderBody('bank_transfer'), 'buyer', failKey)).statusCode).toBe(201);
  });

  it('shows an order to the members of its company only', async () => {
    await fill([lineFor(facts, siteWithNiches(facts))]);
    const order = await placeOk(orderBody('bank_transfer'));
    for (const id of [order.id, UNKNOWN_ID]) {
      const response = await call('GET', `/orders/${id}`, tokens.secondBuyer);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: ORDER_NOT_FOUND_MESSAGE });
    }
    // Another member of the same company sees it: orders belong to the company (decision 203).
    const [colleague] = await addBuyersToCompany(ctx, facts.companyIds.buyer, 1);
    const theirs = await call('GET', `/orders/${order.id}`, colleague?.token ?? '');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ id: order.id, placed_by: { id: facts.userIds.buyer } });
  });

  it('gathers a month of pay-by-bill orders per company into one bill once the month is over', async () => {
    ctx.clock.set(new Date('2026-05-04T10:00:00Z'));
    const site = siteWithNiches(facts);
    const placed: Order[] = [];
    for (let index = 0; index < 2; index += 1) {
      const fresh = await signInBuyers(ctx.app);
      const response = await call(
        'POST',
        '/shopping-carts/items',
        fresh.buyer,
        lineFor(facts, site),
      );
      expect(response.statusCode).toBe(201);
      const made = await call('POST', '/orders', fresh.buyer, orderBody('pay_by_bill'));
      expect(made.statusCode, made.body).toBe(201);
      placed.push(OrderSchema.parse(made.json()));
      ctx.clock.advanceSeconds(86_400);
    }
    const expected = placed.reduce((sum, order) => sum + moneyToCents(order.price_with_vat!), 0);
    const billsOfMay = () =>
      ctx.handle.db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.companyId, facts.companyIds.buyer),
            eq(invoices.billingMonth, '2026-05-01'),
          ),
        );
    // During the month nothing is billed.
    await issueMonthlyBills(ctx.handle.db, new Date('2026-05-31T23:59:59Z'));
    expect(await billsOfMay()).toEqual([]);
    // On the first of June the job (run by the worker) bills May.
    ctx.clock.set(new Date('2026-06-01T00:30:00Z'));
    await ctx.app.jobs.enqueue(MONTHLY_BILLS_JOB, {});
    while (await ctx.app.jobs.runNext());
    const [bill, ...others] = await billsOfMay();
    expect(others).toEqual([]);
    expect(bill).toMatchObject({
      paymentMethod: 'pay_by_bill',
      paymentStatus: 'pending_payment',
      amount: centsToMoney(expected),
    });
    expect(bill?.number).toMatch(/^INV-2026-\d{6}$/);
    const billed = await ctx.handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.invoiceId, bill?.id ?? UNKNOWN_ID));
    expect(billed.map((row) => row.id).sort()).toEqual(placed.map((order) => order.id).sort());
    // Running again, the same day or later, bills nothing twice.
    expect(await issueMonthlyBills(ctx.handle.db, new Date('2026-06-02T00:00:00Z'))).toBe(0);
    expect(await billsOfMay()).toHaveLength(1);
    const shown = await call(
      'GET',
      `/orders/${placed[0]?.id}`,
      (await signInBuyers(ctx.app)).buyer,
    );
    expect(shown.json()).toMatchObject({
      payment: { status: 'approved', method: 'pay_by_bill' },
      invoice: { id: bill?.id, number: bill?.number, payment_status: 'pending_payment' },
    });
    const jobs = await ctx.handle.db.execute(
      sql`select status from jobs where kind = ${MONTHLY_BILLS_JOB}`,
    );
    expect(
      (jobs as unknown as { rows: { status: string }[] }).rows.map((row) => row.status),
    ).toEqual(['completed']);
  });
});
