import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  LAST_OWNER_MESSAGE,
  LIMIT_FOR_BUYERS_MESSAGE,
  MemberListSchema,
  MemberSchema,
  MONTHLY_LIMIT_TOO_HIGH_MESSAGE,
  OWNERS_BY_OWNERS_MESSAGE,
  REMOVE_YOURSELF_MESSAGE,
} from '#contract/members.ts';
import { BuyerProfileSchema } from '#contract/profile.ts';
import { accounts, auditEvents } from '#server/db/schema/index.ts';
import { FIXTURE, UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { type BuyerCalls, buyerCalls } from '#tests/helpers/orders.ts';
import { setUpTeam, type Team } from '#tests/helpers/team.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

async function eventsOf(ctx: TestContext, companyId: string, action: string) {
  return ctx.handle.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, action)));
}

describe('the members of a company account', () => {
  let ctx: TestContext;
  let call: BuyerCalls;
  let team: Team;
  beforeAll(async () => {
    ctx = await createTestContext();
    call = buyerCalls(ctx);
    team = await setUpTeam(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists the members of the current company, Owners first, with who is the caller', async () => {
    const response = await call('GET', '/members', team.owner.token);
    expect(response.statusCode).toBe(200);
    const list = MemberListSchema.parse(response.json());
    expect(list.data.map((member) => member.role)).toEqual([
      'owner',
      'admin',
      'buyer',
      'finance',
      'viewer',
    ]);
    expect(list.data.filter((member) => member.is_you).map((member) => member.id)).toEqual([
      team.owner.accountId,
    ]);
    expect(list.data[0]).toMatchObject({
      user: { email: FIXTURE.buyer },
      monthly_limit: null,
      spent_this_month: expect.stringMatching(/^\d+\.\d\d$/),
    });
    expect(list.pagination.total).toBe(5);
  });

  it('refuses the list to a role without members.manage, and answers the other company its own', async () => {
    for (const role of ['buyer', 'finance', 'viewer'] as const) {
      const response = await call('GET', '/members', team.members[role].token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 403,
        message: expect.stringContaining('role'),
      });
    }
    const other = await call('GET', '/members', team.outsider);
    expect(other.statusCode).toBe(200);
    expect(other.json().data.map((m: { id: string }) => m.id)).not.toContain(team.owner.accountId);
  });

  it('gives a Buyer a monthly limit and records it', async () => {
    const response = await call(
      'PATCH',
      `/members/${team.members.buyer.accountId}`,
      team.members.admin.token,
      {
        monthly_limit: '750.00',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(MemberSchema.parse(response.json())).toMatchObject({
      role: 'buyer',
      monthly_limit: '750.00',
    });
    // The demo's Buyer starts with a limit of 500.00.
    const [event] = await eventsOf(ctx, team.companyId, 'member.limit_changed');
    expect(event).toMatchObject({ details: { limit_from: '500.00', limit_to: '750.00' } });
  });

  it('refuses a limit for another role than Buyer', async () => {
    const response = await call(
      'PATCH',
      `/members/${team.members.finance.accountId}`,
      team.owner.token,
      {
        monthly_limit: '100.00',
      },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      { path: 'monthly_limit', message: LIMIT_FOR_BUYERS_MESSAGE },
    ]);
  });

  it('answers 400 for a body without a change or with a negative limit', async () => {
    const url = `/members/${team.members.buyer.accountId}`;
    expect((await call('PATCH', url, team.owner.token, {})).statusCode).toBe(400);
    const negative = await call('PATCH', url, team.owner.token, { monthly_limit: '-1.00' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().violations[0].path).toBe('monthly_limit');
  });

  it('answers 400 for a limit above 1,000,000.00 and changes nothing; that amount itself is accepted', async () => {
    const url = `/members/${team.members.buyer.accountId}`;
    const limitNow = async () => {
      const [row] = await ctx.handle.db
        .select({ limit: accounts.monthlyLimit })
        .from(accounts)
        .where(eq(accounts.id, team.members.buyer.accountId));
      return row?.limit;
    };
    const before = await limitNow();
    for (const monthly_limit of ['10000000000.00', '1000000.01']) {
      const response = await call('PATCH', url, team.owner.token, { monthly_limit });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 400,
        message: expect.any(String),
        violations: [{ path: 'monthly_limit', message: MONTHLY_LIMIT_TOO_HIGH_MESSAGE }],
      });
    }
    expect(await limitNow()).toBe(before);
    const largest = await call('PATCH', url, team.owner.token, { monthly_limit: '1000000.00' });
    expect(largest.statusCode).toBe(200);
    expect(largest.json()).toMatchObject({ monthly_limit: '1000000.00' });
    await call('PATCH', url, team.owner.token, { monthly_limit: before ?? null });
  });

  it('lets only an Owner make an Owner', async () => {
    const url = `/members/${team.members.viewer.accountId}`;
    const byAdmin = await call('PATCH', url, team.members.admin.token, { role: 'owner' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(OWNERS_BY_OWNERS_MESSAGE);
    const ownerByAdmin = await call(
      'PATCH',
      `/members/${team.owner.accountId}`,
      team.members.admin.token,
      {
        role: 'viewer',
      },
    );
    expect(ownerByAdmin.statusCode).toBe(403);
  });

  it('keeps the last Owner', async () => {
    const response = await call('PATCH', `/members/${team.owner.accountId}`, team.owner.token, {
      role: 'admin',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(LAST_OWNER_MESSAGE);
    const leave = await call(
      'DELETE',
      `/profiles/accounts/${team.owner.accountId}`,
      team.owner.token,
    );
    expect(leave.statusCode).toBe(422);
    expect(leave.json().message).toBe(LAST_OWNER_MESSAGE);
  });

  it('changes a role, records it, and drops the limit of a Buyer who becomes another role', async () => {
    const url = `/members/${team.members.buyer.accountId}`;
    const response = await call('PATCH', url, team.owner.token, { role: 'finance' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'finance', monthly_limit: null });
    const [event] = await eventsOf(ctx, team.companyId, 'member.role_changed');
    expect(event).toMatchObject({ details: { from: 'Buyer', to: 'Finance' } });
    await call('PATCH', url, team.owner.token, { role: 'buyer' });
  });

  it('answers 404 for a member of another company or an unknown id', async () => {
    const [stranger] = await ctx.handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.companyId, team.otherCompanyId));
    for (const id of [stranger!.id, UNKNOWN_ID]) {
      const patch = await call('PATCH', `/members/${id}`, team.owner.token, { role: 'viewer' });
      expect(patch.statusCode).toBe(404);
      expect((await call('DELETE', `/members/${id}`, team.owner.token)).statusCode).toBe(404);
    }
  });

  it('refuses removing oneself and an Admin removing an Owner', async () => {
    const self = await call(
      'DELETE',
      `/members/${team.members.admin.accountId}`,
      team.members.admin.token,
    );
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(REMOVE_YOURSELF_MESSAGE);
    const owner = await call(
      'DELETE',
      `/members/${team.owner.accountId}`,
      team.members.admin.token,
    );
    expect(owner.statusCode).toBe(403);
  });

  it('keeps and reads the company settings for members', async () => {
    const initial = await call('GET', '/team-settings', team.owner.token);
    expect(initial.json()).toEqual({ are_prices_hidden_from_viewers: false });
    const saved = await call('PUT', '/team-settings', team.members.admin.token, {
      are_prices_hidden_from_viewers: true,
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/team-settings', team.owner.token)).json()).toEqual({
      are_prices_hidden_from_viewers: true,
    });
    expect(await eventsOf(ctx, team.companyId, 'team.settings_changed')).toHaveLength(1);
    const bad = await call('PUT', '/team-settings', team.owner.token, {
      are_prices_hidden_from_viewers: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await call('PUT', '/team-settings', team.members.finance.token, {
          are_prices_hidden_from_viewers: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('ends a removed member’s access with their next request, keeping the record', async () => {
    const viewer = team.members.viewer;
    await ctx.handle.db
      .insert(accounts)
      .values({ userId: viewer.userId, companyId: team.otherCompanyId, role: 'viewer' });
    const company = `/profiles/accounts/${viewer.accountId}/companies`;
    expect((await call('GET', company, viewer.token)).statusCode).toBe(200);
    const response = await call('DELETE', `/members/${viewer.accountId}`, team.members.admin.token);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', company, viewer.token)).statusCode).toBe(404);
    const profile = BuyerProfileSchema.parse((await call('GET', '/profiles', viewer.token)).json());
    expect(profile.accounts).toMatchObject([
      { company: { id: team.otherCompanyId }, is_current: true },
    ]);
    const [event] = await eventsOf(ctx, team.companyId, 'member.removed');
    expect(event).toMatchObject({
      actorUserId: team.members.admin.userId,
      details: { role: 'Viewer' },
    });
  });

  it('lets a member leave, making their oldest remaining company current', async () => {
    const finance = team.members.finance;
    await ctx.handle.db
      .insert(accounts)
      .values({ userId: finance.userId, companyId: team.otherCompanyId, role: 'viewer' });
    const response = await call('DELETE', `/profiles/accounts/${finance.accountId}`, finance.token);
    expect(response.statusCode).toBe(204);
    const rows = await ctx.handle.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, finance.userId));
    expect(rows).toMatchObject([{ companyId: team.otherCompanyId, isCurrent: true }]);
    expect(await eventsOf(ctx, team.companyId, 'member.left')).toHaveLength(1);
    const notOwn = await call(
      'DELETE',
      `/profiles/accounts/${team.owner.accountId}`,
      finance.token,
    );
    expect(notOwn.statusCode).toBe(404);
  });

  it('lets an Owner demote themselves once another Owner exists', async () => {
    await call('PATCH', `/members/${team.members.admin.accountId}`, team.owner.token, {
      role: 'owner',
    });
    const response = await call('PATCH', `/members/${team.owner.accountId}`, team.owner.token, {
      role: 'admin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'admin', is_you: true });
  });
});
