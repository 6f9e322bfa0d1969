// A member's cart when their membership ends: removed or leaving the company they work in, the
// cart they filled there goes with the membership (in the same transaction); working in another
// company, they keep it for that one.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { accounts } from '#server/db/schema/index.ts';
import {
  accountOf,
  addBuyersToCompany,
  countRows,
  lineFor,
  siteWithNiches,
  useBuyerApp,
} from '#tests/helpers/orders.ts';

describe('the cart of a member whose membership ends', () => {
  const app = useBuyerApp();
  let members: { userId: string; token: string; domainId: string }[] = [];
  const company = () => app.facts.companyIds.buyer;
  const cartOf = (userId: string) =>
    countRows(app.ctx.handle.db, 'cart_items', sql`user_id = ${userId}`);
  const accountIdOf = async (userId: string) => {
    const account = await accountOf(app.ctx.handle.db, userId, company());
    if (!account) throw new Error('Not a member');
    return account.id;
  };

  beforeAll(async () => {
    members = await addBuyersToCompany(app.ctx, company(), 3);
    for (const member of members) {
      await app.ctx.handle.db
        .update(accounts)
        .set({ role: 'buyer' })
        .where(eq(accounts.userId, member.userId));
      for (const skip of [0, 1]) {
        const line = lineFor(app.facts, siteWithNiches(app.facts, 1, skip), {
          buyer_domain: member.domainId,
        });
        const response = await app.call('POST', '/shopping-carts/items', member.token, line);
        expect(response.statusCode, response.body).toBe(201);
      }
      expect(await cartOf(member.userId)).toBe(2);
    }
  });

  it('deletes a removed member’s cart with their membership, and no one else’s', async () => {
    const [removed, other] = members as [(typeof members)[0], (typeof members)[0]];
    const response = await app.call(
      'DELETE',
      `/members/${await accountIdOf(removed.userId)}`,
      app.tokens.buyer,
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(await cartOf(removed.userId)).toBe(0);
    expect(await cartOf(other.userId)).toBe(2);
    const cart = await app.call('GET', '/shopping-carts/items', removed.token);
    expect(cart.statusCode).toBe(403);
  });

  it('deletes the cart of a member who leaves', async () => {
    const leaving = members[1]!;
    const response = await app.call(
      'DELETE',
      `/profiles/accounts/${await accountIdOf(leaving.userId)}`,
      leaving.token,
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(await cartOf(leaving.userId)).toBe(0);
  });

  it('keeps the cart of a member removed from a company they are not working in', async () => {
    const member = members[2]!;
    const db = app.ctx.handle.db;
    // They work in another company now: their cart is for that one.
    await db
      .update(accounts)
      .set({ isCurrent: false })
      .where(and(eq(accounts.userId, member.userId), eq(accounts.companyId, company())));
    await db.insert(accounts).values({
      userId: member.userId,
      companyId: app.facts.companyIds.secondBuyer,
      role: 'buyer',
      isCurrent: true,
    });
    const response = await app.call(
      'DELETE',
      `/members/${await accountIdOf(member.userId)}`,
      app.tokens.buyer,
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(await cartOf(member.userId)).toBe(2);
    const cart = await app.call('GET', '/shopping-carts/items', member.token);
    expect(cart.statusCode).toBe(200);
    expect(cart.json<{ data: unknown[] }>().data).toHaveLength(2);
  });
});
