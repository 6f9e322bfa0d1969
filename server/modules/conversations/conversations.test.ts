// The conversation on an order item (decision 213), through the API on a real database: the item's
// events in order, messages sent once per key, contact details hidden from the other side, unread
// counts per item, order and member with the orders filter, read marks, and who may read and write.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONTACT_MASK } from '#contract/contact-masking.ts';
import {
  MESSAGE_EMPTY_MESSAGE,
  MESSAGE_TOO_LONG_MESSAGE,
  ThreadEntrySchema,
  ThreadSchema,
  UnreadMessagesSchema,
} from '#contract/conversations.ts';
import { OrderItemListSchema } from '#contract/order-items.ts';
import { OrderSchema } from '#contract/orders.ts';
import { listOf } from '#contract/pagination.ts';
import { itemMessages } from '#server/db/schema/index.ts';
import { documentSamples } from '#tests/helpers/document-samples.ts';
import { FIXTURE, UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import {
  createScriptedChecker,
  type LiveItem,
  liveItems,
  monitoringOverrides,
} from '#tests/helpers/link-monitoring.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import {
  buyerCalls,
  type CatalogueFacts,
  catalogueFacts,
  multipart,
} from '#tests/helpers/orders.ts';
import { setUpTeam, type Team } from '#tests/helpers/team.ts';
import {
  bearer,
  createTestContext,
  TEST_PUBLIC_URL,
  type TestContext,
} from '#tests/helpers/test-app.ts';

import { type ConversationsService, createConversationsService } from './conversations.service.ts';
import { MESSAGE_MAIL_JOB } from './message-mails.ts';

describe('the conversation on an order item', () => {
  let ctx: TestContext;
  let team: Team;
  let facts: CatalogueFacts;
  let call: ReturnType<typeof buyerCalls>;
  let publisher: ConversationsService;
  let item: LiveItem;
  let orderId: string;

  beforeAll(async () => {
    ctx = await createTestContext({ overrides: monitoringOverrides(createScriptedChecker()) });
    team = await setUpTeam(ctx);
    facts = await catalogueFacts(ctx.handle.db);
    call = buyerCalls(ctx);
    publisher = createConversationsService({ db: ctx.handle.db, now: ctx.clock.now });
    const live = await liveItems(ctx, facts, team.owner.token, 1);
    item = live.items[0]!;
    orderId = live.orderId;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const path = (id = item.id) => `/orders/items/${id}/messages`;
  const thread = async (token = team.owner.token, id = item.id) => {
    const response = await call('GET', path(id), token);
    expect(response.statusCode, response.body).toBe(200);
    return ThreadSchema.parse(response.json());
  };
  const send = (text: string, token = team.owner.token, key?: string) =>
    call('POST', path(), token, { text }, key ? { 'idempotency-key': key } : {});
  const unread = async (token: string) => {
    const response = await call('GET', '/messages/unread', token);
    expect(response.statusCode, response.body).toBe(200);
    return UnreadMessagesSchema.parse(response.json()).total;
  };
  const messageRows = () =>
    ctx.handle.db.select().from(itemMessages).where(eq(itemMessages.itemId, item.id));

  it('reads as the item’s history: its events in order, the live link with its publication', async () => {
    const { entries, item_number, can_write } = await thread();
    expect(item_number).toBe(item.number);
    expect(can_write).toBe(true);
    const events = entries.filter((entry) => entry.kind === 'event').map((entry) => entry.event);
    expect(events.at(-1)).toBe('published');
    const published = entries.at(-1)!;
    expect(published).toMatchObject({ side: 'publisher', author_name: item.siteHostname });
    expect(published.text).toBe(item.liveLink);
    const times = entries.map((entry) => entry.created_at);
    expect([...times].sort()).toEqual(times);
  });

  it('sends a message once per key and answers the repeat with the first answer', async () => {
    const first = await send('  Could the article mention our spring range?  ', undefined, 'k-1');
    expect(first.statusCode, first.body).toBe(201);
    const entry = ThreadEntrySchema.parse(first.json());
    expect(entry).toMatchObject({
      kind: 'message',
      side: 'buyer',
      is_own: true,
      text: 'Could the article mention our spring range?',
      author_name: 'Emma Johnson',
      read_by_publisher_at: null,
    });
    const repeat = await send('  Could the article mention our spring range?  ', undefined, 'k-1');
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().id).toBe(entry.id);
    expect((await messageRows()).filter((row) => row.kind === 'message')).toHaveLength(1);
  });

  it('refuses an empty or too long message in the error format, storing nothing', async () => {
    const before = (await messageRows()).length;
    const empty = await send('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().violations[0]).toMatchObject({
      path: 'text',
      message: MESSAGE_EMPTY_MESSAGE,
    });
    const long = await send('x'.repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json().violations[0].message).toBe(MESSAGE_TOO_LONG_MESSAGE);
    expect(await send('x'.repeat(5000), undefined, 'k-long')).toMatchObject({ statusCode: 201 });
    expect((await messageRows()).length).toBe(before + 1);
  });

  it('hides each side’s contact details from the other, never from the writer', async () => {
    const mine = await send('Call me on +44 20 7946 0958 if needed.');
    expect(mine.json()).toMatchObject({
      text: 'Call me on +44 20 7946 0958 if needed.',
      hidden_for_you: [],
      hidden_for_publisher: ['phone'],
    });
    const seen = await publisher.readAsPublisher(item.id);
    expect(seen.at(-1)!.text).toBe(`Call me on ${CONTACT_MASK} if needed.`);

    await publisher.postAsPublisher(item.id, 'Sure, or write to editor at example dot com.');
    const last = (await thread()).entries.at(-1)!;
    expect(last).toMatchObject({ side: 'publisher', is_own: false, hidden_for_you: ['email'] });
    expect(last.text).not.toContain('example');
    expect(last.text).toContain(CONTACT_MASK);
    // The publisher read the buyer's messages when it answered.
    const own = (await thread()).entries.filter(
      (entry) => entry.is_own && entry.kind === 'message',
    );
    expect(own.every((entry) => entry.read_by_publisher_at !== null)).toBe(true);
  });

  it('counts unread messages per member, item and order, and marks them read', async () => {
    // The Owner has not read the publisher's two messages; the Viewer has read none of the five.
    await publisher.postAsPublisher(item.id, 'The article is scheduled for Monday.');
    expect(await unread(team.owner.token)).toBe(2);
    expect(await unread(team.members.viewer.token)).toBe(5);
    expect(await unread(team.outsider)).toBe(0);

    const items = await call('GET', `/orders/${orderId}/items`, team.owner.token);
    expect(OrderItemListSchema.parse(items.json()).data[0]!.unread_messages).toBe(2);
    const orders = await call('GET', '/orders?filter[messages]=unread', team.owner.token);
    const listed = listOf(OrderSchema).parse(orders.json()).data;
    expect(listed.map((order) => [order.id, order.unread_messages])).toEqual([[orderId, 2]]);

    const { entries, unread: before } = await thread();
    expect(before).toBe(2);
    const marked = await call('PUT', `${path()}/reads`, team.owner.token, {
      last_entry_id: entries.at(-1)!.id,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ total: 0 });
    // Marking an earlier entry does not bring anything back.
    await call('PUT', `${path()}/reads`, team.owner.token, { last_entry_id: entries[0]!.id });
    expect(await unread(team.owner.token)).toBe(0);
    expect((await thread()).unread).toBe(0);
    const none = await call('GET', '/orders?filter[messages]=unread', team.owner.token);
    expect(listOf(OrderSchema).parse(none.json()).data).toEqual([]);
    // The Viewer's marks are their own.
    expect(await unread(team.members.viewer.token)).toBe(5);
    const foreign = await call('PUT', `${path()}/reads`, team.owner.token, {
      last_entry_id: UNKNOWN_ID,
    });
    expect(foreign.statusCode).toBe(422);
  });

  it('shows the thread to the company’s members by role, and to no one else', async () => {
    const viewer = await thread(team.members.viewer.token);
    expect(viewer.can_write).toBe(false);
    expect((await send('Hello', team.members.viewer.token)).statusCode).toBe(403);
    // A Buyer reads every order of the company, and writes on the orders they placed.
    expect((await thread(team.members.buyer.token)).can_write).toBe(false);
    expect((await send('Hello', team.members.buyer.token)).statusCode).toBe(403);
    expect((await thread(team.members.admin.token)).can_write).toBe(true);

    for (const attempt of [
      await call('GET', path(), team.outsider),
      await send('Hello', team.outsider),
      await call('PUT', `${path()}/reads`, team.outsider, { last_entry_id: UNKNOWN_ID }),
      await call('GET', path(UNKNOWN_ID), team.owner.token),
    ]) {
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json().message).toBe('Order item not found');
    }
  });

  it('sends a document with a message, readable as the item’s files by its company only', async () => {
    const send = (form: ReturnType<typeof multipart>, token = team.owner.token, key = 'doc-1') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/buyer${path()}/attachments`,
        headers: { ...bearer(token), 'idempotency-key': key, ...form.headers },
        payload: form.payload,
      });
    const form = multipart(
      { text: 'The brief, as promised.' },
      { name: 'Brief.pdf', bytes: documentSamples.pdf },
    );
    const sent = await send(form);
    expect(sent.statusCode, sent.body).toBe(201);
    const entry = ThreadEntrySchema.parse(sent.json());
    expect(entry).toMatchObject({
      text: 'The brief, as promised.',
      attachment: { file_name: 'Brief.pdf' },
    });
    expect((await send(form)).json().id).toBe(entry.id);
    expect((await thread(team.members.viewer.token)).entries.at(-1)?.attachment).toEqual(
      entry.attachment,
    );
    const download = (token: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/files/${entry.attachment!.id}`,
        headers: bearer(token),
      });
    const read = await download(team.members.viewer.token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-disposition']).toMatch(/^attachment; filename="Brief.pdf"/);
    expect(read.rawPayload.equals(documentSamples.pdf)).toBe(true);
    expect((await download(team.outsider)).statusCode).toBe(404);

    const before = (await messageRows()).length;
    const executable = await send(
      multipart({}, { name: 'brief.pdf', bytes: documentSamples.exe }),
      team.owner.token,
      'doc-2',
    );
    expect(executable.statusCode).toBe(400);
    const none = await send(multipart({ text: 'No file' }), team.owner.token, 'doc-3');
    expect(none.statusCode).toBe(422);
    expect(none.json().violations[0].path).toBe('file');
    const viewer = await send(form, team.members.viewer.token, 'doc-4');
    expect(viewer.statusCode).toBe(403);
    expect((await messageRows()).length).toBe(before);
  });

  it('posts what the buyer asks to change when requesting edits', async () => {
    const response = await call('PUT', '/orders/items/request-edits', team.owner.token, {
      is_requested_edits: true,
      ids: [item.id],
      reason: '  Please link the second paragraph to our spring page.  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const last = (await thread()).entries.at(-1)!;
    expect(last).toMatchObject({
      kind: 'event',
      event: 'edits_requested',
      side: 'buyer',
      author_name: 'Emma Johnson',
      text: 'Please link the second paragraph to our spring page.',
    });
  });

  describe('the mail of the publisher’s messages', () => {
    let mailed: LiveItem;
    const runMailJob = async () => {
      while (await ctx.app.jobs.runNext());
      await ctx.app.jobs.enqueue(MESSAGE_MAIL_JOB, {});
      expect(await ctx.app.jobs.runNext()).toBe(true);
      await ctx.drainMail();
    };
    const messageMails = (email: string) =>
      mailsTo(ctx.mailDir, email).filter(
        (mail) => mail.subject.includes(' from ') && mail.subject.endsWith(`: ${mailed.number}`),
      );

    beforeAll(async () => {
      mailed = (await liveItems(ctx, facts, team.owner.token, 1, 'buyer', 3)).items[0]!;
      // The Viewer follows all of the company's orders, but never chose the messages' mail.
      await ctx.handle.db.execute(
        sql`update users set notification_preferences = (notification_preferences - 'publisher_messages') || '{"company_orders": true}'::jsonb where id = ${team.members.viewer.userId}`,
      );
      await runMailJob();
    });

    it('mails the member who placed the order, at most once a quarter of an hour, with the messages since', async () => {
      await publisher.postAsPublisher(mailed.id, 'Hello! Reach me at editor@example.com.');
      await runMailJob();
      const [first, ...more] = messageMails(FIXTURE.buyer);
      expect(more).toEqual([]);
      expect(first!.subject).toBe(`New message from ${mailed.siteHostname}: ${mailed.number}`);
      expect(first!.text).toContain(`Hello! Reach me at ${CONTACT_MASK}.`);
      expect(first!.text).not.toContain('editor@example.com');
      expect(first!.text).toContain(
        `${TEST_PUBLIC_URL}/orders/${mailed.orderId}?messages=${mailed.id}`,
      );
      // A Viewer's mail of the messages is off until they turn it on.
      expect(messageMails(FIXTURE.viewer)).toEqual([]);

      await publisher.postAsPublisher(mailed.id, 'One more thing.');
      await publisher.postAsPublisher(mailed.id, 'And another.');
      ctx.clock.advanceSeconds(14 * 60);
      await runMailJob();
      expect(messageMails(FIXTURE.buyer)).toHaveLength(1);
      ctx.clock.advanceSeconds(60);
      await runMailJob();
      const [, second, ...none] = messageMails(FIXTURE.buyer);
      expect(none).toEqual([]);
      expect(second!.subject).toBe(`2 new messages from ${mailed.siteHostname}: ${mailed.number}`);
      expect(second!.text).toContain('One more thing.');
      expect(second!.text).toContain('And another.');
      expect(second!.text).not.toContain('Hello!');
    });

    it('mails each member only what they have not read, and a Viewer who turned it on', async () => {
      await ctx.handle.db.execute(
        sql`update users set notification_preferences = notification_preferences || '{"publisher_messages": true}'::jsonb where id = ${team.members.viewer.userId}`,
      );
      await publisher.postAsPublisher(mailed.id, 'The link is refreshed.');
      const { entries } = await thread(team.owner.token, mailed.id);
      await call('PUT', `${path(mailed.id)}/reads`, team.owner.token, {
        last_entry_id: entries.at(-1)!.id,
      });
      await publisher.postAsPublisher(mailed.id, 'Anything else?');
      ctx.clock.advanceSeconds(15 * 60);
      await runMailJob();
      const third = messageMails(FIXTURE.buyer)[2]!;
      expect(third.subject).toBe(`New message from ${mailed.siteHostname}: ${mailed.number}`);
      expect(third.text).toContain('Anything else?');
      expect(third.text).not.toContain('The link is refreshed.');
      const viewerMails = messageMails(FIXTURE.viewer);
      expect(viewerMails).toHaveLength(1);
      expect(viewerMails[0]!.subject).toMatch(/^2 new messages from /);
      expect(viewerMails[0]!.text).toContain('The link is refreshed.');

      // Read before the next mail is due: nothing is mailed.
      await publisher.postAsPublisher(mailed.id, 'Done.');
      const last = (await thread(team.owner.token, mailed.id)).entries.at(-1)!;
      await call('PUT', `${path(mailed.id)}/reads`, team.owner.token, { last_entry_id: last.id });
      ctx.clock.advanceSeconds(15 * 60);
      await runMailJob();
      expect(messageMails(FIXTURE.buyer)).toHaveLength(3);
      expect(messageMails(FIXTURE.viewer)).toHaveLength(2);
    });
  });
});
