import { createHash } from 'node:crypto';

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AuthResponseSchema } from '#contract/auth.ts';
import {
  ALREADY_MEMBER_MESSAGE,
  INVITATION_HAS_ACCOUNT_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  InvitationListSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  OWNERS_BY_OWNERS_MESSAGE,
} from '#contract/members.ts';
import { BuyerProfileSchema } from '#contract/profile.ts';
import { auditEvents, companyInvitations, users } from '#server/db/schema/index.ts';
import { FIXTURE, UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import { type BuyerCalls, buyerCalls } from '#tests/helpers/orders.ts';
import { setUpTeam, type Team } from '#tests/helpers/team.ts';
import { bearer, createTestContext, login, type TestContext } from '#tests/helpers/test-app.ts';

const PASSWORD = 'a long and unusual pass phrase 42';

describe('invitations to a company account', () => {
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

  /** Invites `email` as `role` and answers the token of the link mailed to them. */
  async function invite(email: string, role = 'buyer', token = team.owner.token) {
    const response = await call('POST', '/invitations', token, { email, role });
    expect(response.statusCode, response.body).toBe(201);
    await ctx.drainMail();
    const text = mailsTo(ctx.mailDir, email.toLowerCase()).at(-1)?.text ?? '';
    const link = text
      .split(/\s+/)
      .find((word) => word.startsWith('http://portal.test/invitations/'));
    if (!link) throw new Error(`No invitation link was mailed to ${email}`);
    return { invitation: InvitationSchema.parse(response.json()), token: link.split('/').at(-1)! };
  }

  const preview = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/public/invitations/${token}` });
  const accept = (token: string, as: string) =>
    call('POST', `/invitations/${token}/acceptances`, as);
  const register = (token: string, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/invitations/${token}/registrations`,
      payload: body,
    });

  it('mails a single-use link whose token is kept only as its hash, and records the invitation', async () => {
    const { invitation, token } = await invite('New.Person@Example.com', 'finance');
    expect(invitation).toMatchObject({ email: 'new.person@example.com', role: 'finance' });
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(
      7 * 24 * 60 * 60 * 1000,
    );
    const mail = mailsTo(ctx.mailDir, 'new.person@example.com').at(-1)!;
    expect(mail.text).toContain('as Finance');
    expect(mail.text).toMatch(/expires on \d{4}-\d\d-\d\d/);
    const [row] = await ctx.handle.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.id, invitation.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const [event] = await ctx.handle.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.companyId, team.companyId), eq(auditEvents.action, 'member.invited')),
      );
    expect(event).toMatchObject({
      subject: 'new.person@example.com',
      details: { role: 'Finance' },
    });
  });

  it('shows what the link offers, and whether the address has an account', async () => {
    const { token } = await invite('preview@example.com', 'viewer');
    const response = await preview(token);
    expect(response.statusCode).toBe(200);
    expect(InvitationPreviewSchema.parse(response.json())).toMatchObject({
      role: 'viewer',
      email: 'preview@example.com',
      invited_by: { first_name: expect.any(String) },
      has_account: false,
    });
    const unknown = await preview('not-a-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INVITATION_INVALID_MESSAGE);
  });

  it('lets only an Owner invite an Owner, and refuses an address already a member', async () => {
    const byAdmin = await call('POST', '/invitations', team.members.admin.token, {
      email: 'boss@example.com',
      role: 'owner',
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(OWNERS_BY_OWNERS_MESSAGE);
    const member = await call('POST', '/invitations', team.members.admin.token, {
      email: FIXTURE.buyer,
      role: 'viewer',
    });
    expect(member.statusCode).toBe(422);
    expect(member.json().violations).toEqual([{ path: 'email', message: ALREADY_MEMBER_MESSAGE }]);
    const bad = await call('POST', '/invitations', team.owner.token, { email: 'nope', role: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .violations.map((v: { path: string }) => v.path)
        .sort(),
    ).toEqual(['email', 'role']);
    const buyer = await call('POST', '/invitations', team.members.buyer.token, {
      email: 'x@example.com',
      role: 'viewer',
    });
    expect(buyer.statusCode).toBe(403);
  });

  it('replaces a pending invitation to the same address, lists and revokes them', async () => {
    const first = await invite('twice@example.com', 'viewer');
    const second = await invite('twice@example.com', 'buyer');
    expect((await preview(first.token)).statusCode).toBe(404);
    expect((await preview(second.token)).statusCode).toBe(200);
    const list = InvitationListSchema.parse(
      (await call('GET', '/invitations', team.owner.token)).json(),
    );
    expect(list.data.filter((i) => i.email === 'twice@example.com')).toMatchObject([
      { id: second.invitation.id, role: 'buyer' },
    ]);
    const others = await call('GET', '/invitations', team.outsider);
    expect(others.json().data).toEqual([]);
    const foreign = await call('DELETE', `/invitations/${second.invitation.id}`, team.outsider);
    expect(foreign.statusCode).toBe(404);
    const revoked = await call(
      'DELETE',
      `/invitations/${second.invitation.id}`,
      team.members.admin.token,
    );
    expect(revoked.statusCode).toBe(204);
    expect((await preview(second.token)).statusCode).toBe(404);
    const again = await call('DELETE', `/invitations/${second.invitation.id}`, team.owner.token);
    expect(again.statusCode).toBe(404);
    expect((await call('DELETE', `/invitations/${UNKNOWN_ID}`, team.owner.token)).statusCode).toBe(
      404,
    );
  });

  it('makes one invitation of a repeated request with the same idempotency key', async () => {
    const send = () =>
      call(
        'POST',
        '/invitations',
        team.owner.token,
        { email: 'repeat@example.com', role: 'viewer' },
        { 'idempotency-key': 'invite-repeat-1' },
      );
    const [one, two] = [await send(), await send()];
    expect(two.statusCode).toBe(201);
    expect(two.json().id).toBe(one.json().id);
    const rows = await ctx.handle.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, 'repeat@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('adds the company to a signed-in buyer invited by their address, once', async () => {
    const { token } = await invite(FIXTURE.secondBuyer, 'admin');
    expect((await preview(token)).json().has_account).toBe(true);
    const wrong = await accept(token, team.members.viewer.token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(INVITATION_OTHER_EMAIL_MESSAGE);
    const [first, second] = await Promise.all([
      accept(token, team.outsider),
      accept(token, team.outsider),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404]);
    const answer = [first, second].find((r) => r.statusCode === 200)!.json();
    expect(answer).toMatchObject({ company: { id: team.companyId }, role: 'admin' });
    const profile = BuyerProfileSchema.parse(
      (await call('GET', '/profiles', team.outsider)).json(),
    );
    expect(profile.accounts.find((a) => a.is_current)).toMatchObject({
      company: { id: team.companyId },
      role: 'admin',
    });
    expect((await call('GET', '/members', team.outsider)).statusCode).toBe(200);
    expect((await accept(token, team.outsider)).statusCode).toBe(404);
  });

  it('registers a new buyer with the link and signs them in', async () => {
    const { token } = await invite('fresh@example.com', 'buyer');
    const weak = await register(token, { first_name: 'F', last_name: 'R', password: 'short' });
    expect(weak.statusCode).toBe(400);
    const response = await register(token, {
      first_name: 'Fresh',
      last_name: 'Recruit',
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const tokens = AuthResponseSchema.parse(response.json());
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/buyer/profiles',
      headers: bearer(tokens.token),
    });
    expect(BuyerProfileSchema.parse(profile.json()).accounts).toMatchObject([
      { company: { id: team.companyId }, role: 'buyer', is_current: true },
    ]);
    await login(ctx.app, 'fresh@example.com', PASSWORD);
    const [user] = await ctx.handle.db
      .select()
      .from(users)
      .where(eq(users.email, 'fresh@example.com'));
    expect(user).toMatchObject({ isConfirmed: true, roles: ['ROLE_BUYER'] });
    const [joined] = await ctx.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.joined'), eq(auditEvents.actorUserId, user!.id)));
    expect(joined).toMatchObject({ companyId: team.companyId, details: { role: 'Buyer' } });
    const replay = await register(token, { first_name: 'A', last_name: 'B', password: PASSWORD });
    expect(replay.statusCode).toBe(404);
  });

  it('sends an invited buyer who has an account to sign in instead of registering', async () => {
    const { token } = await invite(FIXTURE.unconfirmed, 'viewer');
    const response = await register(token, {
      first_name: 'Una',
      last_name: 'Confirmed',
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(INVITATION_HAS_ACCOUNT_MESSAGE);
    expect((await preview(token)).statusCode).toBe(200);
  });

  it('stops a link after its seven days', async () => {
    const { token } = await invite('late@example.com', 'viewer');
    ctx.clock.advanceSeconds(7 * 24 * 60 * 60 + 1);
    expect((await preview(token)).statusCode).toBe(404);
    const response = await register(token, {
      first_name: 'L',
      last_name: 'Ate',
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(INVITATION_INVALID_MESSAGE);
  });

  it('limits the links one address opens', async () => {
    const answers = [];
    for (let index = 0; index < 40; index += 1) {
      answers.push((await preview(`guess-${index}`)).statusCode);
    }
    expect(answers.at(-1)).toBe(429);
    expect(answers.filter((status) => status === 404).length).toBeLessThan(31);
  });
});
