// A company account with a member in each role, for the suites about members and permissions.
import { and, eq } from 'drizzle-orm';

import type { MemberRole } from '#contract/permissions.ts';
import { accounts, users } from '#server/db/schema/index.ts';

import { FIXTURE } from './fixture.ts';
import { addBuyersToCompany } from './orders.ts';
import { signInBuyers, type TestContext } from './test-app.ts';

/**
 * The fixture buyer's current company (they are its Owner), a member of it in each other role,
 * and the second fixture buyer, who is no member of it.
 */
export interface Team {
  companyId: string;
  otherCompanyId: string;
  owner: { userId: string; token: string; accountId: string };
  outsider: string;
  members: Record<
    Exclude<MemberRole, 'owner'>,
    { userId: string; token: string; accountId: string }
  >;
}

export async function setUpTeam(ctx: TestContext): Promise<Team> {
  const db = ctx.handle.db;
  const tokens = await signInBuyers(ctx.app);
  const accountOf = async (email: string) => {
    const [row] = await db
      .select({ userId: users.id, accountId: accounts.id, companyId: accounts.companyId })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(users.email, email), eq(accounts.isCurrent, true)));
    if (!row) throw new Error(`No current account of ${email}`);
    return row;
  };
  const owner = await accountOf(FIXTURE.buyer);
  const other = await accountOf(FIXTURE.secondBuyer);
  const roles = ['admin', 'buyer', 'finance', 'viewer'] as const;
  const added = await addBuyersToCompany(ctx, owner.companyId, roles.length);
  const members = {} as Team['members'];
  for (const [index, role] of roles.entries()) {
    const { userId, token } = added[index]!;
    const [row] = await db
      .update(accounts)
      .set({ role })
      .where(and(eq(accounts.userId, userId), eq(accounts.companyId, owner.companyId)))
      .returning({ id: accounts.id });
    members[role] = { userId, token, accountId: row!.id };
  }
  return {
    companyId: owner.companyId,
    otherCompanyId: other.companyId,
    owner: { userId: owner.userId, token: tokens.buyer, accountId: owner.accountId },
    outsider: tokens.secondBuyer,
    members,
  };
}
