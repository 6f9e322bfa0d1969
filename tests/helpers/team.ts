// A company account with a member in each role, for the suites about members and permissions.
import { and, eq } from 'drizzle-orm';

import type { MemberRole } from '#contract/permissions.ts';
import { accounts, users } from '#server/db/schema/index.ts';
import { DEMO_EMAILS } from '#server/db/seed/demo-users.ts';

import { FIXTURE } from './fixture.ts';
import { login, signInBuyers, type TestContext } from './test-app.ts';

/**
 * The fixture buyer's current company (they are its Owner), the member of it in each other role
 * that the demo data gives it, and the second fixture buyer, who is no member of it.
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
  const emails = {
    admin: DEMO_EMAILS.admin,
    buyer: DEMO_EMAILS.teamBuyer,
    finance: DEMO_EMAILS.finance,
    viewer: DEMO_EMAILS.viewer,
  } as const;
  const members = {} as Team['members'];
  for (const [role, email] of Object.entries(emails) as [keyof typeof emails, string][]) {
    const member = await accountOf(email);
    if (member.companyId !== owner.companyId) throw new Error(`${email} is not in the team`);
    const { token } = await login(ctx.app, email, FIXTURE.password);
    members[role] = { userId: member.userId, token, accountId: member.accountId };
  }
  return {
    companyId: owner.companyId,
    otherCompanyId: other.companyId,
    owner: { userId: owner.userId, token: tokens.buyer, accountId: owner.accountId },
    outsider: tokens.secondBuyer,
    members,
  };
}
