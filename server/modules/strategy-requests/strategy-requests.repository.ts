import { and, count, desc, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Database } from '#server/db/database.ts';
import { accounts, companies, strategyRequests, users } from '#server/db/schema/index.ts';

export type StrategyRequestRow = typeof strategyRequests.$inferSelect;

export async function countStrategyRequests(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(strategyRequests)
    .where(eq(strategyRequests.userId, userId));
  return row?.total ?? 0;
}

/** The buyer's requests, newest first. */
export function findStrategyRequests(
  db: Database,
  userId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<StrategyRequestRow[]> {
  return db
    .select()
    .from(strategyRequests)
    .where(eq(strategyRequests.userId, userId))
    .orderBy(desc(strategyRequests.createdAt), desc(strategyRequests.id))
    .offset(offset)
    .limit(limit);
}

/** When the buyer's `nth` most recent request after `since` was sent; null when there are fewer. */
export async function nthRecentRequestAt(
  db: Database,
  userId: string,
  { since, nth }: { since: Date; nth: number },
): Promise<Date | null> {
  const [row] = await db
    .select({ at: strategyRequests.createdAt })
    .from(strategyRequests)
    .where(and(eq(strategyRequests.userId, userId), gt(strategyRequests.createdAt, since)))
    .orderBy(desc(strategyRequests.createdAt))
    .offset(nth - 1)
    .limit(1);
  return row?.at ?? null;
}

export async function insertStrategyRequest(
  db: Database,
  values: typeof strategyRequests.$inferInsert,
): Promise<StrategyRequestRow> {
  const [row] = await db.insert(strategyRequests).values(values).returning();
  if (!row) throw new Error('The strategy request was not stored');
  return row;
}

const manager = alias(users, 'manager');

/** The buyer, their current company and their account manager, as the request's mails name them. */
export async function findRequester(db: Database, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      company: companies.businessName,
      managerEmail: manager.email,
      managerFirstName: manager.firstName,
    })
    .from(users)
    .leftJoin(manager, eq(manager.id, users.accountManagerId))
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.isCurrent, true)))
    .leftJoin(companies, eq(companies.id, accounts.companyId))
    .where(eq(users.id, userId));
  return row ?? null;
}

export type Requester = NonNullable<Awaited<ReturnType<typeof findRequester>>>;
