// What a member spent in a company this calendar month (decision 203): the net price (link and
// content) of the items of the orders they placed there since the first of the month (UTC), less
// the items cancelled since. A Buyer's monthly limit is measured against it; the members list and
// checkout show it.
import { and, eq, gte, ne, sql } from 'drizzle-orm';

import type { Database } from './database.ts';
import { orderItems, orders } from './schema/index.ts';

/** The first instant of `at`'s calendar month in UTC. */
export function startOfMonthUtc(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** Net euro as "123.45" spent by `userId` in `companyId` in the month of `at`. */
export async function spentThisMonth(
  db: Database,
  { userId, companyId, at }: { userId: string; companyId: string; at: Date },
): Promise<string> {
  const [row] = await db
    .select({
      spent: sql<string>`coalesce(sum(${orderItems.price} + ${orderItems.contentPrice}), 0)::numeric(12,2)::text`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.companyId, companyId),
        gte(orders.createdAt, startOfMonthUtc(at)),
        ne(orderItems.status, 'cancelled'),
      ),
    );
  return row?.spent ?? '0.00';
}
