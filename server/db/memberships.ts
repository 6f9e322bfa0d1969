// A user's memberships of company accounts: which companies they belong to, with which role
// (decision 203). Read per request by the permission check (server/http/member-access.ts), and
// as a subquery by the lists that span every company whose role allows them.
import { and, eq, inArray } from 'drizzle-orm';

import { type MemberRole, type Permission, rolesWith } from '#contract/permissions.ts';

import type { Database } from './database.ts';
import { accounts } from './schema/index.ts';

export async function findMemberships(
  db: Database,
  userId: string,
): Promise<{ companyId: string; role: MemberRole; isCurrent: boolean }[]> {
  return db
    .select({ companyId: accounts.companyId, role: accounts.role, isCurrent: accounts.isCurrent })
    .from(accounts)
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
