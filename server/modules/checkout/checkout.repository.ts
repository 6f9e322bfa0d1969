// What checkout reads and writes besides the cart and billing: the buyer's companies and the
// order with its items (Drizzle only).
import { and, asc, eq, sql } from 'drizzle-orm';

import { findCompanyAccounts } from '#server/db/company-accounts.ts';
import type { Database } from '#server/db/database.ts';
import {
  accounts,
  companies,
  countries,
  orderItems,
  orders,
  purchaseRequests,
  users,
} from '#server/db/schema/index.ts';

/** The companies the user may order for, current first. */
export function findCompaniesOfUser(db: Database, userId: string) {
  return findCompanyAccounts(
    db,
    userId,
    {
      id: companies.id,
      title: companies.businessName,
      isCurrent: accounts.isCurrent,
      contactEmail: companies.contactEmail,
      accountingEmail: companies.accountingEmail,
      vatNumber: companies.vatNumber,
      city: companies.city,
      zipCode: companies.zipCode,
      address: companies.address,
      addressExtra: companies.addressExtra,
      countryId: companies.countryId,
      countryTitle: countries.title,
      countryCode: countries.isoCode,
      isPayByBillAllowed: companies.isPayByBillAllowed,
      creditsBalance: companies.creditsBalance,
    },
    {
      withCountry: true,
      orderBy: [sql`${accounts.isCurrent} desc`, asc(accounts.createdAt), asc(accounts.id)],
    },
  );
}
export type CompanyRow = Awaited<ReturnType<typeof findCompaniesOfUser>>[number];

export async function findUserEmail(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** The member an order names as its buyer. */
export async function findPlacer(
  db: Database,
  userId: string,
): Promise<{ id: string; firstName: string; lastName: string } | null> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findCountryCode(db: Database, countryId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: countries.isoCode })
    .from(countries)
    .where(eq(countries.id, countryId));
  return row?.code ?? null;
}

/** Locks the company row until the transaction ends (pay-by-bill limit checks). */
export async function lockCompany(db: Database, companyId: string): Promise<void> {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
}

export async function insertOrder(db: Database, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('The order was not stored');
  return row;
}

export async function insertOrderItems(db: Database, values: (typeof orderItems.$inferInsert)[]) {
  await db.insert(orderItems).values(values);
}

/** The user's role and monthly limit in the company; null when they are not a member. */
export async function findMemberLimit(db: Database, userId: string, companyId: string) {
  const [row] = await db
    .select({ role: accounts.role, monthlyLimit: accounts.monthlyLimit })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.companyId, companyId)));
  return row ?? null;
}

/** Net euro of the user's purchase requests in the company still waiting for approval. */
export async function sumPendingRequests(
  db: Database,
  userId: string,
  companyId: string,
): Promise<string> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${purchaseRequests.price}), 0)::numeric(12,2)::text`,
    })
    .from(purchaseRequests)
    .where(
      and(
        eq(purchaseRequests.requesterUserId, userId),
        eq(purchaseRequests.companyId, companyId),
        eq(purchaseRequests.status, 'pending'),
      ),
    );
  return row?.total ?? '0.00';
}
