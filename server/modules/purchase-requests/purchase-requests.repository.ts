// What purchase requests read and write (Drizzle only): the requests with their company, requester,
// decider and order, and the addresses of the company's approvers.
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { rolesWith } from '#contract/permissions.ts';
import type { PurchaseRequestStatus } from '#contract/purchase-requests.ts';
import type { Database } from '#server/db/database.ts';
import { queryRows } from '#server/db/database.ts';
import {
  accounts,
  companies,
  orders,
  purchaseRequests,
  sites,
  users,
} from '#server/db/schema/index.ts';

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

function selectRequests(db: Database) {
  return db
    .select({
      request: purchaseRequests,
      companyTitle: companies.businessName,
      requesterName: sql<string>`${requester.firstName} || ' ' || ${requester.lastName}`,
      deciderName: sql<string | null>`${decider.firstName} || ' ' || ${decider.lastName}`,
      orderNumber: orders.number,
    })
    .from(purchaseRequests)
    .innerJoin(companies, eq(companies.id, purchaseRequests.companyId))
    .innerJoin(requester, eq(requester.id, purchaseRequests.requesterUserId))
    .leftJoin(decider, eq(decider.id, purchaseRequests.decidedByUserId))
    .leftJoin(orders, eq(orders.id, purchaseRequests.orderId))
    .$dynamic();
}
export type PurchaseRequestRow = Awaited<ReturnType<typeof findRequest>> & object;

export async function findRequest(db: Database, id: string) {
  const [row] = await selectRequests(db).where(eq(purchaseRequests.id, id));
  return row ?? null;
}

/** Locks the request's row until the transaction ends (one decision at a time). */
export async function lockRequest(db: Database, id: string) {
  const [row] = await db
    .select()
    .from(purchaseRequests)
    .where(eq(purchaseRequests.id, id))
    .for('update');
  return row ?? null;
}

export async function listRequests(
  db: Database,
  where: SQL | undefined,
  pendingFirst: boolean,
  page: { offset: number; limit: number },
) {
  const order = pendingFirst
    ? [sql`${purchaseRequests.status} = 'pending' desc`, desc(purchaseRequests.createdAt)]
    : [desc(purchaseRequests.createdAt)];
  const rows = await selectRequests(db)
    .where(where)
    .orderBy(...order, desc(purchaseRequests.number))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(purchaseRequests)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export const requestsOf = (userId: string) => eq(purchaseRequests.requesterUserId, userId);
export const requestsIn = (companyIds: string[]) => inArray(purchaseRequests.companyId, companyIds);
/** `where`, narrowed to the requests in `status` when one is given. */
export const inStatus = (where: SQL | undefined, status: PurchaseRequestStatus | undefined) =>
  status ? and(where, eq(purchaseRequests.status, status)) : where;

export async function nextRequestNumber(db: Database): Promise<string> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select nextval('purchase_request_number_seq')::text as n`,
  );
  if (!row) throw new Error('No value of purchase_request_number_seq');
  return `PR-${row.n}`;
}

export async function insertRequest(db: Database, values: typeof purchaseRequests.$inferInsert) {
  const [row] = await db.insert(purchaseRequests).values(values).returning();
  if (!row) throw new Error('The purchase request was not stored');
  return row;
}

export async function updateRequest(
  db: Database,
  id: string,
  values: Partial<typeof purchaseRequests.$inferInsert>,
) {
  await db.update(purchaseRequests).set(values).where(eq(purchaseRequests.id, id));
}

/** The e-mail addresses of the company's members who approve purchases. */
export async function findApproverEmails(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(
      and(
        eq(accounts.companyId, companyId),
        inArray(accounts.role, [...rolesWith('purchases.approve')]),
      ),
    );
  return rows.map((row) => row.email);
}

export async function findUserEmail(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** Whether the user is still a member of the company. */
export async function isMember(db: Database, userId: string, companyId: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.companyId, companyId)));
  return row !== undefined;
}

/** The ids of `ids` that are still sites of the catalogue. */
export async function findExistingSites(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: sites.id }).from(sites).where(inArray(sites.id, ids));
  return new Set(rows.map((row) => row.id));
}
