// Prices hidden from Viewers (decision 206): with the company's setting on, a Viewer of it reads
// its orders, their items and the items' export without one money amount; everyone else, and a
// Viewer of a company without the setting, reads them as before. The setting counts from the
// next request. A Viewer is sent no money of the company in the profile either (decision 211).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { OrderItemListSchema } from '#contract/order-items.ts';
import { type Order, OrderSchema } from '#contract/orders.ts';
import { listOf } from '#contract/pagination.ts';
import { BuyerProfileSchema } from '#contract/profile.ts';
import { csvRecords } from '#tests/helpers/csv-reader.ts';
import {
  type BuyerCalls,
  buyerCalls,
  type CatalogueFacts,
  catalogueFacts,
  lineOfKind,
  placeOrder,
} from '#tests/helpers/orders.ts';
import { setUpTeam, type Team } from '#tests/helpers/team.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

const OrderListSchema = listOf(OrderSchema);
const MONEY = /^-?\d+\.\d{2}$/;

/** Every money amount an order carries, by name. */
function orderAmounts(order: Order) {
  return {
    price: order.price,
    vat: order.vat,
    price_with_vat: order.price_with_vat,
    charged: order.amounts.charged,
    credited: order.amounts.credited,
    paid: order.amounts.paid,
    due: order.amounts.due,
  };
}

const allNull = (amounts: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(amounts).map((name) => [name, null]));
const allMoney = (amounts: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(amounts).map((name) => [name, expect.stringMatching(MONEY)]));

describe('prices hidden from Viewers', () => {
  let ctx: TestContext;
  let call: BuyerCalls;
  let team: Team;
  let facts: CatalogueFacts;
  let order: Order;

  beforeAll(async () => {
    ctx = await createTestContext();
    call = buyerCalls(ctx);
    facts = await catalogueFacts(ctx.handle.db);
    team = await setUpTeam(ctx);
    // A bank transfer awaited: the order carries payment instructions with its amount.
    ({ order } = await placeOrder(
      ctx,
      team.owner.token,
      facts,
      [lineOfKind(facts, 'publisherTopic'), lineOfKind(facts, 'buyerArticle', 'buyer', 1)],
      'bank_transfer',
    ));
    // Six sign-ins and an order: slow on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const setHidden = async (isHidden: boolean) => {
    const saved = await call('PUT', '/team-settings', team.owner.token, {
      are_prices_hidden_from_viewers: isHidden,
    });
    expect(saved.statusCode).toBe(200);
  };

  /** The orders list, the order, its items and their export, as `token` reads them. */
  const readAll = async (token: string, query = 'limit=100') => {
    const list = await call('GET', `/orders?${query}`, token);
    const one = await call('GET', `/orders/${order.id}`, token);
    const items = await call('GET', `/orders/${order.id}/items`, token);
    const exported = await call('GET', `/orders/${order.id}/items/exports`, token);
    expect([list, one, items, exported].map((response) => response.statusCode)).toEqual([
      200, 200, 200, 200,
    ]);
    return {
      list: OrderListSchema.parse(list.json()).data,
      order: OrderSchema.parse(one.json()),
      items: OrderItemListSchema.parse(items.json()).data,
      csv: csvRecords(exported.body),
    };
  };

  const PRICE_COLUMNS = ['Price (€)', 'Link price (€)', 'Content price (€)'];

  it('shows a Viewer every amount while the company does not hide them', async () => {
    const seen = await readAll(team.members.viewer.token);
    expect(orderAmounts(seen.order)).toEqual(allMoney(orderAmounts(seen.order)));
    expect(seen.order.payment_instructions?.amount).toBe(order.price_with_vat);
    expect(seen.list.find((row) => row.id === order.id)?.price).toBe(order.price);
    expect(seen.items[0]?.price).toMatch(MONEY);
    expect(seen.items[0]?.content_product_plan?.price).toMatch(MONEY);
    for (const column of PRICE_COLUMNS) expect(seen.csv[0]?.[column]).toMatch(MONEY);
  });

  it('gives a Viewer no amount of any order, item or export once hidden', async () => {
    await setHidden(true);
    const seen = await readAll(team.members.viewer.token);
    expect(seen.list.length).toBeGreaterThan(0);
    for (const row of [...seen.list, seen.order]) {
      expect(orderAmounts(row)).toEqual(allNull(orderAmounts(row)));
      expect(row.payment_instructions).toBeNull();
    }
    // What is not money stays: counts, statuses, the rate.
    expect(seen.order).toMatchObject({
      number: order.number,
      links_amount: 2,
      status: order.status,
      vat_rate: order.vat_rate,
      payment: order.payment,
    });
    expect(seen.items).toHaveLength(2);
    for (const item of seen.items) {
      expect(item.price).toBeNull();
      if (item.content_product_plan) expect(item.content_product_plan.price).toBeNull();
    }
    expect(seen.items.some((item) => item.content_product_plan !== null)).toBe(true);
    expect(seen.csv).toHaveLength(2);
    for (const row of seen.csv) {
      for (const column of PRICE_COLUMNS) expect(row[column]).toBe('');
    }
  });

  it('keeps a price filter and the sorting by price from telling a Viewer the prices', async () => {
    const viewer = await readAll(team.members.viewer.token, 'filter[order_price][min]=0&limit=100');
    expect(viewer.list).toEqual([]);
    const owner = await readAll(team.owner.token, 'filter[order_price][min]=0&limit=100');
    expect(owner.list.map((row) => row.id)).toContain(order.id);
    // Sorted by price, the Viewer's orders keep their newest-first order: the price tells nothing.
    const byDate = await readAll(team.members.viewer.token);
    for (const direction of ['ASC', 'DESC']) {
      const byPrice = await readAll(
        team.members.viewer.token,
        `sorting[price]=${direction}&limit=100`,
      );
      expect(byPrice.list.map((row) => row.id)).toEqual(byDate.list.map((row) => row.id));
    }
  });

  /** Whether the profile tells the member with `token` that they see the company's prices. */
  const seesPricesInProfile = async (token: string) => {
    const profile = BuyerProfileSchema.parse((await call('GET', '/profiles', token)).json());
    return profile.accounts.find((account) => account.company.id === team.companyId)?.sees_prices;
  };

  it('tells each member in the profile whether they see the company’s prices', async () => {
    await setHidden(true);
    expect(await seesPricesInProfile(team.members.viewer.token)).toBe(false);
    for (const token of [team.owner.token, team.members.finance.token]) {
      expect(await seesPricesInProfile(token)).toBe(true);
    }
  });

  it('still shows every other role the amounts', async () => {
    const tokens = [
      team.owner.token,
      team.members.admin.token,
      team.members.buyer.token,
      team.members.finance.token,
    ];
    for (const token of tokens) {
      const seen = await readAll(token);
      expect(orderAmounts(seen.order)).toEqual(orderAmounts(order));
      expect(seen.order.payment_instructions?.amount).toBe(order.price_with_vat);
      expect(seen.list.find((row) => row.id === order.id)?.price).toBe(order.price);
      for (const item of seen.items) expect(item.price).toMatch(MONEY);
      for (const column of PRICE_COLUMNS) expect(seen.csv[0]?.[column]).toMatch(MONEY);
    }
  });

  it('shows the Viewer the amounts again with the next request once shown', async () => {
    await setHidden(false);
    const seen = await readAll(team.members.viewer.token);
    expect(orderAmounts(seen.order)).toEqual(orderAmounts(order));
    expect(seen.items.every((item) => item.price !== null)).toBe(true);
    expect(await seesPricesInProfile(team.members.viewer.token)).toBe(true);
    await setHidden(true);
    const hidden = await readAll(team.members.viewer.token);
    expect(hidden.order.price).toBeNull();
  });
  it('sends a Viewer no money of the company in the profile, and each role that pays or reads the billing its figures', async () => {
    const accountIn = async (token: string) => {
      const profile = await call('GET', '/profiles', token);
      expect(profile.statusCode).toBe(200);
      const accounts = BuyerProfileSchema.parse(profile.json()).accounts;
      return accounts.find((account) => account.company.id === team.companyId);
    };
    expect(await accountIn(team.members.viewer.token)).toMatchObject({
      role: 'viewer',
      credits_balance: null,
      credit_limit: null,
    });
    for (const token of [team.owner.token, team.members.buyer.token, team.members.finance.token]) {
      expect(await accountIn(token)).toMatchObject({
        credits_balance: expect.stringMatching(MONEY),
        credit_limit: expect.stringMatching(MONEY),
      });
    }
  });
});
