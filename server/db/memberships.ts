// A user's memberships of company accounts: which companies they belong to, with which role
// (decision 203). Read per request by the permission check (server/http/member-access.ts), and
// as a subquery by the lists that span every company whose role allows them. Each one carries
// whether the company hides its prices from Viewers (decision 206).
import { and, eq, inArray } from 'drizzle-orm';

import { type MemberRole, type Permission, rolesWith } from '#contract/permissions.ts';

import type { Database } from './database.ts';
import { accounts, companies } from './schema/index.ts';

export async function findMemberships(
  db: Database,
  userId: string,
): Promise<
  { companyId: string; role: MemberRole; isCurrent: boolean; arePricesHiddenFromViewers: boolean }[]
> {
  return db
    .select({
      companyId: accounts.companyId,
      role: accounts.role,
      isCurrent: accounts.isCurrent,
      arePricesHiddenFromViewers: companies.arePricesHiddenFromViewers,
    })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(eq(accounts.userId, userId))
    .orderBy(accounts.createdAt, accounts.companyId);
}

/** The ids of the companies in which the user's role holds `permission`, as a subquery. */
export function companiesWhereUserCan(db: Database, userId: string, permission: Permission) {
  return db
    .select({ id: accounts.companyId })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), inArray(accounts.role, [...rolesWith(permission)])));
}

/**
 * The ids of the companies whose prices the user does not see (a Viewer there, and the company
 * hides prices from Viewers: decision 206), as a subquery: lists filter and sort by price only
 * where the user sees it.
 */
export function companiesHidingPricesFrom(db: Database, userId: string) {
  return db
    .select({ id: accounts.companyId })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(
      and(
        eq(accounts.userId, userId),
        eq(accounts.role, 'viewer'),
        eq(companies.arePricesHiddenFromViewers, true),
      ),
    );
}
