import { eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ErrorBodySchema } from '#contract/errors.ts';
import type { OrderItemStatus } from '#contract/orders.ts';
import { BuyerProfileSchema, type NotificationPreferences } from '#contract/profile.ts';
import { missingDetailsReminders, orderItems, users } from '#server/db/schema/index.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import { lineOfKind, placeOrder, setCredits, useBuyerApp } from '#tests/helpers/orders.ts';
import { bearer, login, TEST_START } from '#tests/helpers/test-app.ts';

import { MISSING_DETAILS_JOB } from './missing-details-reminder.job.ts';

const PREFERENCES = '/profiles/notifications/preferences';
const ALL_ON: NotificationPreferences = {
  missing_details_reminder: true,
  topic_ready_for_approval: true,
  content_ready_for_approval: true,
  link_published: true,
  order_summary: true,
  link_issues: true,
  company_orders: false,
  billing_documents: true,
  publisher_messages: true,
};
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

describe('PUT /api/v1/buyer/profiles/notifications/preferences', () => {
  const app = useBuyerApp();

  const profile = async (token: string) =>
    BuyerProfileSchema.parse(
      (
        await app.ctx.app.inject({
          method: 'GET',
          url: '/api/v1/buyer/profiles',
          headers: bearer(token),
        })
      ).json(),
    );
  const violations = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    return ErrorBodySchema.parse(response.json()).violations ?? [];
  };

  beforeEach(async () => {
    await app.ctx.handle.db.update(users).set({ notificationPreferences: ALL_ON });
  });

  it('saves the preferences and answers them', async () => {
    const wanted = { ...ALL_ON, link_published: false, missing_details_reminder: false };
    const response = await app.call('PUT', PREFERENCES, app.tokens.buyer, wanted);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(wanted);
    expect((await profile(app.tokens.buyer)).notification_preferences).toEqual(wanted);
    // The other buyer's are their own.
    expect((await profile(app.tokens.secondBuyer)).notification_preferences).toEqual(ALL_ON);
  });

  it('names every missing or mistyped preference', async () => {
    const { order_summary: _, ...four } = ALL_ON;
    expect(violations(await app.call('PUT', PREFERENCES, app.tokens.buyer, four))).toEqual([
      { path: 'order_summary', message: 'Required' },
    ]);
    const typed = violations(
      await app.call('PUT', PREFERENCES, app.tokens.buyer, {
        ...ALL_ON,
        link_published: 'yes',
        topic_ready_for_approval: 1,
      }),
    );
    expect(typed.map((violation) => violation.path).sort()).toEqual([
      'link_published',
      'topic_ready_for_approval',
    ]);
    expect(violations(await app.call('PUT', PREFERENCES, app.tokens.buyer, [ALL_ON]))).toEqual([
      expect.objectContaining({ path: '' }),
    ]);
    const nul = await app.call('PUT', PREFERENCES, app.tokens.buyer, {
      ...ALL_ON,
      order_summary: 'true\u0000',
    });
    expect(violations(nul)[0]?.path).toBe('order_summary');
    expect((await profile(app.tokens.buyer)).notification_preferences).toEqual(ALL_ON);
  });

  it('keeps the stored link issue preference when a client leaves it out, on when none is stored', async () => {
    const { link_issues: _, ...five } = ALL_ON;
    const off = await app.call('PUT', PREFERENCES, app.tokens.buyer, {
      ...ALL_ON,
      link_issues: false,
    });
    expect(off.json()).toMatchObject({ link_issues: false });
    const kept = await app.call('PUT', PREFERENCES, app.tokens.buyer, {
      ...five,
      order_summary: false,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ ...ALL_ON, order_summary: false, link_issues: false });
    // A row saved before the preference existed.
    await app.ctx.handle.db
      .update(users)
      .set({ notificationPreferences: five as NotificationPreferences })
      .where(eq(users.email, FIXTURE.buyer));
    expect((await profile(app.tokens.buyer)).notification_preferences).toEqual(ALL_ON);
    const fromOld = await app.call('PUT', PREFERENCES, app.tokens.buyer, five);
    expect(fromOld.json()).toEqual(ALL_ON);
    const typed = await app.call('PUT', PREFERENCES, app.tokens.buyer, {
      ...ALL_ON,
      link_issues: 'no',
    });
    expect(violations(typed).map((violation) => violation.path)).toEqual(['link_issues']);
  });

  it('has the publisher’s messages on, but off for a Viewer, until the member sets them', async () => {
    const { publisher_messages: _, ...unset } = ALL_ON;
    await app.ctx.handle.db.update(users).set({ notificationPreferences: unset });
    expect((await profile(app.tokens.buyer)).notification_preferences).toEqual(ALL_ON);
    const { token } = await login(app.ctx.app, FIXTURE.viewer, FIXTURE.password);
    expect((await profile(token)).notification_preferences).toEqual({
      ...ALL_ON,
      publisher_messages: false,
    });
    const kept = await app.call('PUT', PREFERENCES, token, { ...unset, link_published: false });
    expect(kept.json()).toMatchObject({ link_published: false, publisher_messages: false });
    const on = await app.call('PUT', PREFERENCES, token, { ...unset, publisher_messages: true });
    expect(on.json()).toMatchObject({ publisher_messages: true });
    expect((await profile(token)).notification_preferences.publisher_messages).toBe(true);
  });

  it('refuses fields besides the known ones and applies none of them', async () => {
    const response = await app.call('PUT', PREFERENCES, app.tokens.buyer, {
      ...ALL_ON,
      order_summary: false,
      roles: ['ROLE_ADMIN'],
      email: 'someone.else@example.com',
      is_allowed_to_export_sites: true,
      user_id: app.facts.userIds.secondBuyer,
    });
    expect(
      violations(response)
        .map((violation) => violation.path)
        .sort(),
    ).toEqual(['email', 'is_allowed_to_export_sites', 'roles', 'user_id']);
    const after = await profile(app.tokens.buyer);
    expect(after).toMatchObject({
      email: FIXTURE.buyer,
      roles: ['ROLE_BUYER'],
      notification_preferences: ALL_ON,
    });
    expect((await profile(app.tokens.secondBuyer)).notification_preferences).toEqual(ALL_ON);
  });

  it('needs a signed-in buyer', async () => {
    const response = await app.ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/buyer${PREFERENCES}`,
      payload: ALL_ON,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the daily missing-details reminder', () => {
  const app = useBuyerApp();
  let buyerItems: string[] = [];
  let secondBuyerItem = '';

  /** Runs the daily job as the queue would, then sends the mail it queued. */
  const runReminders = async () => {
    await app.ctx.app.jobs.enqueue(MISSING_DETAILS_JOB, {});
    while (await app.ctx.app.jobs.runNext());
    await app.ctx.drainMail();
  };
  const remindersTo = (email: string) =>
    mailsTo(app.ctx.mailDir, email).filter((mail) => mail.text.includes('waiting for you'));
  const setItems = (ids: string[], status: OrderItemStatus, changedAt: Date) =>
    app.ctx.handle.db
      .update(orderItems)
      .set({ status, statusChangedAt: changedAt })
      .where(inArray(orderItems.id, ids));
  const numberOf = async (id: string) =>
    (await app.ctx.handle.db.select().from(orderItems).where(eq(orderItems.id, id)))[0]!.number;

  beforeAll(async () => {
    const db = app.ctx.handle.db;
    await setCredits(db, app.facts.companyIds.buyer, '900000.00');
    await setCredits(db, app.facts.companyIds.secondBuyer, '900000.00');
    const mine = await placeOrder(
      app.ctx,
      app.tokens.buyer,
      app.facts,
      [
        lineOfKind(app.facts, 'buyerArticle'),
        lineOfKind(app.facts, 'approvedTopic', 'buyer', 1),
        lineOfKind(app.facts, 'publisherTopic', 'buyer', 2),
        lineOfKind(app.facts, 'publisherTopic', 'buyer', 3),
      ],
      'credits',
    );
    buyerItems = mine.items.map((item) => item.id);
    const theirs = await placeOrder(
      app.ctx,
      app.tokens.secondBuyer,
      app.facts,
      [lineOfKind(app.facts, 'buyerArticle', 'secondBuyer')],
      'credits',
      'secondBuyer',
    );
    secondBuyerItem = theirs.items[0]!.id;
  });

  beforeEach(async () => {
    await app.ctx.handle.db.delete(missingDetailsReminders);
    await app.ctx.handle.db.update(users).set({ notificationPreferences: ALL_ON });
    app.ctx.clock.set(TEST_START);
  });

  it('mails a buyer whose items have waited on them for more than two days, once a day', async () => {
    const [article, topicApproval, contentApproval, working] = buyerItems as [
      string,
      string,
      string,
      string,
    ];
    const before = remindersTo(FIXTURE.buyer).length;
    // Waiting for a day and 23 hours: too early.
    const changed = new Date(TEST_START.getTime() - (2 * DAY - HOUR) * 1000);
    await setItems([article], 'waiting_for_content', changed);
    await setItems([topicApproval], 'topic_ready_for_approval', changed);
    await setItems([contentApproval], 'content_ready_for_approval', changed);
    await setItems([working], 'in_progress', new Date(TEST_START.getTime() - 10 * DAY * 1000));
    await setItems([secondBuyerItem], 'in_progress', changed);
    await runReminders();
    expect(remindersTo(FIXTURE.buyer)).toHaveLength(before);

    // Two hours later they have waited more than two days.
    app.ctx.clock.advanceSeconds(2 * HOUR);
    await runReminders();
    const sent = remindersTo(FIXTURE.buyer);
    expect(sent).toHaveLength(before + 1);
    const mail = sent.at(-1)!;
    expect(mail.subject).toBe('3 order items are waiting for you');
    expect(mail.text).toContain(`${await numberOf(article)} on `);
    expect(mail.text).toContain('your article');
    expect(mail.text).toContain(`${await numberOf(topicApproval)} on `);
    expect(mail.text).toContain('a topic to approve');
    expect(mail.text).toContain(`${await numberOf(contentApproval)} on `);
    expect(mail.text).toContain('an article to approve');
    expect(mail.text).not.toContain(await numberOf(working));
    expect(mail.text).toContain('http://portal.test/orders/');

    // Not twice the same day, however often the job runs.
    app.ctx.clock.advanceSeconds(6 * HOUR);
    await runReminders();
    await runReminders();
    expect(remindersTo(FIXTURE.buyer)).toHaveLength(before + 1);

    // The next day, still waiting: once more.
    app.ctx.clock.advanceSeconds(DAY);
    await runReminders();
    expect(remindersTo(FIXTURE.buyer)).toHaveLength(before + 2);
    // The other buyer, whose item is not waiting on them, got none.
    expect(remindersTo(FIXTURE.secondBuyer)).toHaveLength(0);
  });

  it('sends nothing while the preference is off, and again once it is on', async () => {
    const [article] = buyerItems as [string];
    await setItems(buyerItems, 'in_progress', TEST_START);
    await setItems(
      [article],
      'waiting_for_content',
      new Date(TEST_START.getTime() - 5 * DAY * 1000),
    );
    const before = remindersTo(FIXTURE.buyer).length;
    const off = await app.call('PUT', PREFERENCES, app.tokens.buyer, {
      ...ALL_ON,
      missing_details_reminder: false,
    });
    expect(off.statusCode).toBe(200);
    await runReminders();
    app.ctx.clock.advanceSeconds(DAY);
    await runReminders();
    expect(remindersTo(FIXTURE.buyer)).toHaveLength(before);

    // A day later the access token has expired: signed in again.
    const { token } = await login(app.ctx.app, FIXTURE.buyer, FIXTURE.password);
    const on = await app.call('PUT', PREFERENCES, token, ALL_ON);
    expect(on.statusCode).toBe(200);
    await runReminders();
    const sent = remindersTo(FIXTURE.buyer);
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)!.subject).toBe(
      `An order item is waiting for you: ${await numberOf(article)}`,
    );
  });

  it("names only the buyer's own items in each buyer's mail", async () => {
    await setItems(buyerItems, 'in_progress', TEST_START);
    const [article] = buyerItems as [string];
    const long = new Date(TEST_START.getTime() - 3 * DAY * 1000);
    await setItems([article], 'waiting_for_content', long);
    await setItems([secondBuyerItem], 'waiting_for_content', long);
    const before = {
      buyer: remindersTo(FIXTURE.buyer).length,
      secondBuyer: remindersTo(FIXTURE.secondBuyer).length,
    };
    await runReminders();
    const mine = remindersTo(FIXTURE.buyer);
    const theirs = remindersTo(FIXTURE.secondBuyer);
    expect(mine).toHaveLength(before.buyer + 1);
    expect(theirs).toHaveLength(before.secondBuyer + 1);
    expect(mine.at(-1)!.text).toContain(await numberOf(article));
    expect(mine.at(-1)!.text).not.toContain(await numberOf(secondBuyerItem));
    expect(theirs.at(-1)!.text).toContain(await numberOf(secondBuyerItem));
    expect(theirs.at(-1)!.text).not.toContain(await numberOf(article));
  });

  it('leaves the four order mails to their own preferences', async () => {
    // The order summary follows `order_summary` (sent for the orders above).
    await app.ctx.drainMail();
    const summaries = mailsTo(app.ctx.mailDir, FIXTURE.buyer).filter((mail) =>
      mail.subject.startsWith('Your order'),
    );
    expect(summaries.length).toBeGreaterThan(0);
    const off = await app.call('PUT', PREFERENCES, app.tokens.buyer, {
      ...ALL_ON,
      order_summary: false,
    });
    expect(off.statusCode).toBe(200);
    await placeOrder(
      app.ctx,
      app.tokens.buyer,
      app.facts,
      [lineOfKind(app.facts, 'publisherTopic', 'buyer', 4)],
      'credits',
    );
    await app.ctx.drainMail();
    expect(
      mailsTo(app.ctx.mailDir, FIXTURE.buyer).filter((mail) =>
        mail.subject.startsWith('Your order'),
      ),
    ).toHaveLength(summaries.length);
  });
});
