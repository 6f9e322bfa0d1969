// The conversation on an order item (decision 213), through the API on a real database: the item's
// events in order, messages sent once per key, contact details hidden from the other side, unread
// counts per item, order and member with the orders filter, read marks, and who may read and write.
import { eq } from 'drizzle-orm';
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
import { UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import {
  createScriptedChecker,
  type LiveItem,
  liveItems,
  monitoringOverrides,
} from '#tests/helpers/link-monitoring.ts';
import { buyerCalls, type CatalogueFacts, catalogueFacts } from '#tests/helpers/orders.ts';
import { setUpTeam, type Team } from '#tests/helpers/team.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

import { type ConversationsService, createConversationsService } from './conversations.service.ts';

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
});
