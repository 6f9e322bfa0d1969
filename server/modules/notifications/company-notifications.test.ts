// Mails about a company's events reach its members by role and preference (decision 208): the
// demo team of Northwind Outdoor (an Owner, who places the orders here, and an Admin, a Buyer, a
// Finance member and a Viewer).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { OrderSchema } from '#contract/orders.ts';
import type { MemberRole } from '#contract/permissions.ts';
import { accounts, companies, linkMonitors, orderItems } from '#server/db/schema/index.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import {
  createScriptedChecker,
  type LiveItem,
  liveItems,
  monitoringOverrides,
  runMonitor,
  toNextCheck,
} from '#tests/helpers/link-monitoring.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import {
  type BuyerCalls,
  buyerCalls,
  type CatalogueFacts,
  catalogueFacts,
  lineOfKind,
  placeOrder,
  setCredits,
  setNotifications,
} from '#tests/helpers/orders.ts';
import { setUpTeam, type Team } from '#tests/helpers/team.ts';
import { createTestContext, TEST_START, type TestContext } from '#tests/helpers/test-app.ts';

import { MONTHLY_BILLS_JOB } from '../billing/billing.service.ts';
import { MISSING_DETAILS_JOB } from './missing-details-reminder.job.ts';

const HOUR = 60 * 60;
const checker = createScriptedChecker();

const EMAILS: Record<MemberRole, string> = {
  owner: FIXTURE.buyer,
  admin: FIXTURE.admin,
  buyer: FIXTURE.teamBuyer,
  finance: FIXTURE.finance,
  viewer: FIXTURE.viewer,
};
const ROLES = Object.keys(EMAILS) as MemberRole[];

describe('mails to the members of a company', () => {
  let ctx: TestContext;
  let facts: CatalogueFacts;
  let team: Team;
  let call: BuyerCalls;
  let skip = 0;

  beforeAll(async () => {
    ctx = await createTestContext({ overrides: monitoringOverrides(checker) });
    facts = await catalogueFacts(ctx.handle.db);
    team = await setUpTeam(ctx);
    call = buyerCalls(ctx);
    await setCredits(ctx.handle.db, team.companyId, '900000.00');
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => {
    checker.reset();
    for (const userId of userIds()) await setNotifications(ctx.handle.db, userId);
    await ctx.handle.db.update(linkMonitors).set({ isActive: false });
    await ctx.drainMail();
  });

  const userIds = () => [team.owner.userId, ...Object.values(team.members).map((m) => m.userId)];
  const userOf = (role: MemberRole) =>
    role === 'owner' ? team.owner.userId : team.members[role].userId;
  /** Who got a mail whose subject is `subject`, by role. */
  const mailedRoles = async (subject: string) => {
    await ctx.drainMail();
    return ROLES.filter((role) =>
      mailsTo(ctx.mailDir, EMAILS[role]).some((mail) => mail.subject === subject),
    );
  };
  const mailTo = (role: MemberRole, subject: string) =>
    mailsTo(ctx.mailDir, EMAILS[role]).find((mail) => mail.subject === subject);
  /** A new live item of an order the Owner placed. */
  const liveItem = async (): Promise<LiveItem> => {
    const { items } = await liveItems(ctx, facts, team.owner.token, 1, 'buyer', skip);
    skip += 1;
    return items[0]!;
  };
  const order = async (method: 'credits' | 'pay_by_bill') => {
    const placed = await placeOrder(
      ctx,
      team.owner.token,
      facts,
      [lineOfKind(facts, 'buyerArticle', 'buyer', skip)],
      method,
    );
    skip += 1;
    return OrderSchema.parse(placed.order);
  };

  it('mails a published link to the member who placed the order and to members following the company’s orders', async () => {
    for (const role of ['admin', 'viewer'] as const) {
      await setNotifications(ctx.handle.db, userOf(role), { company_orders: true });
    }
    // Following the company's orders, but not wanting this kind of mail.
    await setNotifications(ctx.handle.db, userOf('finance'), {
      company_orders: true,
      link_published: false,
    });
    const item = await liveItem();
    const subject = `Link published: ${item.number}`;
    expect(await mailedRoles(subject)).toEqual(['owner', 'admin', 'viewer']);
    expect(mailTo('viewer', subject)?.text).toContain(`/orders/${item.orderId}`);

    // The placer who turned it off gets none; a Buyer following the company's orders gets it.
    await setNotifications(ctx.handle.db, userOf('owner'), { link_published: false });
    await setNotifications(ctx.handle.db, userOf('buyer'), { company_orders: true });
    const next = await liveItem();
    expect(await mailedRoles(`Link published: ${next.number}`)).toEqual([
      'admin',
      'buyer',
      'viewer',
    ]);
  });

  it('mails the order summary to members following the company’s orders, naming who placed it', async () => {
    await setNotifications(ctx.handle.db, userOf('finance'), { company_orders: true });
    const placed = await order('credits');
    expect(await mailedRoles(`Your order ${placed.number}`)).toEqual(['owner']);
    const other = `Order ${placed.number} placed by Emma Johnson`;
    expect(await mailedRoles(other)).toEqual(['finance']);
    expect(mailTo('finance', other)?.text).toContain('Emma Johnson placed order');
  });

  it('mails an invoice to Finance, Owners and Admins who want it, never to a Buyer or a Viewer', async () => {
    for (const role of ['buyer', 'viewer'] as const) {
      await setNotifications(ctx.handle.db, userOf(role), { company_orders: true });
    }
    const placed = await order('credits');
    const invoice = placed.invoice!;
    const subject = `Invoice ${invoice.number}`;
    // The Owner placed it: its total came with the order summary.
    expect(await mailedRoles(subject)).toEqual(['admin', 'finance']);
    expect(mailTo('finance', subject)?.text).toContain(`bills order ${placed.number}`);

    // The month's bill of pay-by-bill orders reaches the Owner too, and not an Admin who opted out.
    await setNotifications(ctx.handle.db, userOf('admin'), { billing_documents: false });
    await ctx.handle.db
      .update(companies)
      .set({ isPayByBillAllowed: true, billLimit: '900000.00' })
      .where(eq(companies.id, team.companyId));
    const billed = await order('pay_by_bill');
    expect(billed.invoice).toBeNull();
    ctx.clock.set(new Date(Date.UTC(TEST_START.getUTCFullYear(), TEST_START.getUTCMonth() + 1, 1)));
    ctx.clock.advanceSeconds(3 * HOUR);
    await ctx.app.jobs.enqueue(MONTHLY_BILLS_JOB, {});
    while (await ctx.app.jobs.runNext());
    await ctx.drainMail();
    const bill = mailsTo(ctx.mailDir, FIXTURE.finance).find(
      (mail) => mail.subject.startsWith('Invoice ') && mail.text.includes(billed.number),
    );
    expect(bill?.text).toContain('pay-by-bill orders of');
    expect(await mailedRoles(bill!.subject)).toEqual(['owner', 'finance']);
    ctx.clock.set(TEST_START);
  });

  it('mails a link issue to a Viewer who follows the company’s links, saying who may ask for a restore', async () => {
    await setNotifications(ctx.handle.db, userOf('viewer'), { company_orders: true });
    await setNotifications(ctx.handle.db, userOf('finance'), {
      company_orders: true,
      link_issues: false,
    });
    const item = await liveItem();
    checker.set(item.liveLink!, 'link_missing', 'No link to northwind-outdoor.com on the page');
    await toNextCheck(ctx, item.id);
    for (let check = 0; check < 3; check += 1) {
      await runMonitor(ctx);
      ctx.clock.advanceSeconds(HOUR);
    }
    const subject = `A live link needs attention: ${item.number}`;
    expect(await mailedRoles(subject)).toEqual(['owner', 'viewer']);
    expect(mailTo('owner', subject)?.text).toContain('You can ask for a restore');
    expect(mailTo('viewer', subject)?.text).toContain(
      'An Owner, Admin or Buyer of your company can ask for a restore',
    );
    ctx.clock.set(TEST_START);
  });

  it('reminds the member who placed an order of missing details only while their role may act on it', async () => {
    const placed = await placeOrder(
      ctx,
      team.owner.token,
      facts,
      [lineOfKind(facts, 'buyerArticle', 'buyer', skip)],
      'credits',
    );
    skip += 1;
    const item = placed.items[0]!;
    await ctx.handle.db
      .update(orderItems)
      .set({
        status: 'waiting_for_content',
        statusChangedAt: new Date(ctx.clock.now().getTime() - 3 * 24 * HOUR * 1000),
      })
      .where(eq(orderItems.id, item.id));
    const reminded = async () => {
      await ctx.app.jobs.enqueue(MISSING_DETAILS_JOB, {});
      while (await ctx.app.jobs.runNext());
      await ctx.drainMail();
      return mailsTo(ctx.mailDir, FIXTURE.buyer).some(
        (mail) => mail.text.includes('waiting for you') && mail.text.includes(item.number),
      );
    };
    const setOwnerRole = (role: MemberRole) =>
      ctx.handle.db.update(accounts).set({ role }).where(eq(accounts.id, team.owner.accountId));
    await setOwnerRole('finance');
    try {
      expect(await reminded()).toBe(false);
    } finally {
      await setOwnerRole('owner');
    }
    ctx.clock.advanceSeconds(24 * HOUR);
    expect(await reminded()).toBe(true);
    ctx.clock.set(TEST_START);
  });

  it('mails nothing to a member once they are removed', async () => {
    await setNotifications(ctx.handle.db, userOf('viewer'), { company_orders: true });
    const before = await liveItem();
    expect(await mailedRoles(`Link published: ${before.number}`)).toEqual(['owner', 'viewer']);
    const removed = await call(
      'DELETE',
      `/members/${team.members.viewer.accountId}`,
      team.owner.token,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await liveItem();
    expect(await mailedRoles(`Link published: ${after.number}`)).toEqual(['owner']);
  });
});
