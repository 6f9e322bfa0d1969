// Following orders, written once and run against each database the server supports: the order
// list and its filters, the items of an order, every buyer transition allowed and refused (the
// expected results written out by hand, not read from the life-cycle table), the buyer's topic,
// article and feedback calls with their validation and file checks, the export of an order's
// items, refunds of cancelled items paid with credits, and what the other buyer may see.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { MAX_UPLOAD_BYTES } from '#contract/constants.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import {
  ChangedItemsSchema,
  ORDER_ITEM_NOT_FOUND_MESSAGE,
  OrderItemListSchema,
  OrderItemSchema,
} from '#contract/order-items.ts';
import {
  type Order,
  ORDER_ITEM_STATUSES,
  ORDER_NOT_FOUND_MESSAGE,
  type OrderItemStatus,
  OrderSchema,
  type PaymentMethod,
} from '#contract/orders.ts';
import { listOf } from '#contract/pagination.ts';
import { vatCents } from '#contract/vat.ts';
import {
  cartItems,
  creditNotes,
  creditTransactions,
  invoices,
  orderItems,
  orders,
} from '#server/db/schema/index.ts';
import { csvRecords, readCsv } from '#tests/helpers/csv-reader.ts';
import { documentSamples } from '#tests/helpers/document-samples.ts';
import { FIXTURE, UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import {
  creditsOf,
  lineOfKind,
  multipart,
  type OrderLine,
  placeOrder,
  setCredits,
  setNotifications,
  siteWithNiches,
  useBuyerApp,
  type Who,
} from '#tests/helpers/orders.ts';

const OrderListSchema = listOf(OrderSchema);

describe('following orders', () => {
  const app = useBuyerApp();
  let { ctx, facts, tokens, call } = app;
  beforeAll(async () => {
    ({ ctx, facts, tokens, call } = app);
    await setCredits(ctx.handle.db, facts.companyIds.buyer, '900000.00');
    await setCredits(ctx.handle.db, facts.companyIds.secondBuyer, '900000.00');
  });
  beforeEach(async () => {
    await ctx.handle.db.delete(cartItems);
  });

  const order = (
    lines: OrderLine[],
    method: PaymentMethod = 'credits',
    who: Who = 'buyer',
    extra: object = {},
  ) => placeOrder(ctx, tokens[who], facts, lines, method, who, extra);
  const kind = (name: Parameters<typeof lineOfKind>[1], who: Who = 'buyer', skip = 0): OrderLine =>
    lineOfKind(facts, name, who, skip);
  const setItem = (id: string, values: Partial<typeof orderItems.$inferInsert>) =>
    ctx.handle.db.update(orderItems).set(values).where(eq(orderItems.id, id));
  const itemRow = async (id: string) => {
    const [row] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.id, id));
    if (!row) throw new Error('No item');
    return row;
  };
  const orderRow = async (id: string) => {
    const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error('No order');
    return row;
  };
  const statuses = (body: object, who: Who = 'buyer') =>
    call('PUT', '/orders/items/statuses', tokens[who], body);
  const upload = (
    method: 'PUT' | 'POST',
    url: string,
    form: ReturnType<typeof multipart>,
    who: Who = 'buyer',
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1/buyer${url}`,
      headers: { authorization: `Bearer ${tokens[who]}`, ...form.headers },
      payload: form.payload,
    });

  describe('the order list', () => {
    let mine: Order[];
    let theirs: Order;
    beforeAll(async () => {
      mine = [];
      mine.push(
        (await order([kind('publisherTopic')], 'credits', 'buyer', { po_number: 'PO-ALPHA' }))
          .order,
      );
      mine.push((await order([kind('buyerArticle', 'buyer', 3)], 'bank_transfer')).order);
      mine.push((await order([kind('approvedTopic'), kind('buyerArticle')], 'credits')).order);
      theirs = (await order([kind('publisherTopic', 'secondBuyer')], 'credits', 'secondBuyer'))
        .order;
    });
    const list = async (query = '', who: Who = 'buyer') => {
      const response = await call('GET', `/orders${query ? `?${query}` : ''}`, tokens[who]);
      expect(response.statusCode, response.body).toBe(200);
      return OrderListSchema.parse(response.json());
    };
    const numbersOf = (page: { data: Order[] }) => page.data.map((row) => row.number);
    const mineIn = (page: { data: Order[] }) =>
      numbersOf(page).filter((number) => mine.some((row) => row.number === number));

    it('lists only the buyer’s own orders, newest first, with their counts', async () => {
      const page = await list('limit=100');
      expect(page.data.every((row) => row.company.id === facts.companyIds.buyer)).toBe(true);
      expect(numbersOf(page)).not.toContain(theirs.number);
      expect(mineIn(page)).toEqual(mine.map((row) => row.number).reverse());
      const last = page.data.find((row) => row.id === mine[2]?.id);
      expect(last).toMatchObject({ links_amount: 2, live_links_amount: 0, status: 'processing' });
      const other = await list('limit=100', 'secondBuyer');
      expect(numbersOf(other)).toContain(theirs.number);
      expect(other.data.some((row) => mine.some((own) => own.id === row.id))).toBe(false);
    });

    it('pages the list', async () => {
      const all = await list('limit=100');
      const first = await list('limit=2&page=1');
      const second = await list('limit=2&page=2');
      expect(first.pagination).toEqual({ page: 1, limit: 2, total: all.pagination.total });
      expect([...numbersOf(first), ...numbersOf(second)]).toEqual(numbersOf(all).slice(0, 4));
    });

    it('searches order numbers, PO numbers and item hostnames', async () => {
      const target = mine[1];
      if (!target) throw new Error('No order');
      expect(numbersOf(await list(`filter[search]=${target.number}`))).toEqual([target.number]);
      expect(numbersOf(await list('filter[search]=po-alpha'))).toEqual([mine[0]?.number]);
      const hostname = siteWithNiches(facts, 1, 3).hostname;
      expect(
        mineIn(await list(`filter[search]=${encodeURIComponent(hostname)}&limit=100`)),
      ).toEqual([target.number]);
      expect((await list('filter[search]=%25')).pagination.total).toBe(0);
    });

    it('finds an item hostname stored as Punycode by the Unicode a buyer types', async () => {
      const target = mine[1];
      if (!target) throw new Error('No order');
      await ctx.handle.db
        .update(orderItems)
        .set({ siteHostname: 'xn--mnchen-3ya.de' })
        .where(eq(orderItems.orderId, target.id));
      for (const search of ['münchen', 'MÜNCHEN.DE']) {
        const page = await list(`filter[search]=${encodeURIComponent(search)}&limit=100`);
        expect(mineIn(page)).toEqual([target.number]);
      }
    });

    it('filters by payment status, status, company and net price', async () => {
      expect(mineIn(await list('filter[payment_status][]=pending_payment&limit=100'))).toEqual([
        mine[1]?.number,
      ]);
      expect(mineIn(await list('filter[status][]=cancelled&limit=100'))).toEqual([]);
      expect(mineIn(await list('filter[status][]=processing&limit=100'))).toHaveLength(3);
      expect(
        (await list(`filter[company][]=${facts.companyIds.secondBuyer}`)).pagination.total,
      ).toBe(0);
      const price = mine[2]?.price ?? '0';
      const exact = await list(
        `filter[order_price][min]=${price}&filter[order_price][max]=${price}&limit=100`,
      );
      expect(exact.data.every((row) => row.price === price)).toBe(true);
      expect(mineIn(exact)).toContain(mine[2]?.number);
    });

    it('sorts by price', async () => {
      const page = await list('sorting[price]=ASC&limit=100');
      const cents = page.data.map((row) => moneyToCents(row.price!));
      expect(cents).toEqual([...cents].sort((a, b) => a - b));
    });

    it('refuses an inverted price range and unknown statuses', async () => {
      const inverted = await call(
        'GET',
        '/orders?filter[order_price][min]=10&filter[order_price][max]=5',
        tokens.buyer,
      );
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json().violations[0].message).toBe('min must be less than or equal to max');
      const status = await call('GET', '/orders?filter[status][]=lost', tokens.buyer);
      expect(status.statusCode).toBe(400);
      expect(status.json().violations[0].path).toBe('filter[status][0]');
    });

    it('shows one order and its items to its buyer only', async () => {
      const own = mine[2];
      if (!own) throw new Error('No order');
      const read = await call('GET', `/orders/${own.id}`, tokens.buyer);
      expect(read.statusCode).toBe(200);
      expect(OrderSchema.parse(read.json()).links_amount).toBe(2);
      const items = await call('GET', `/orders/${own.id}/items?limit=1&page=2`, tokens.buyer);
      expect(items.statusCode, items.body).toBe(200);
      const page = OrderItemListSchema.parse(items.json());
      expect(page.pagination).toEqual({ page: 2, limit: 1, total: 2 });
      expect(page.data.map((item) => item.number)).toEqual([`${own.number}-2`]);
      expect(page.data[0]).toMatchObject({
        order: { id: own.id, number: own.number },
        is_article_provided_by_buyer: true,
        is_topic_provided_by_buyer: true,
        is_content_fully_provided_by_buyer: true,
        is_editable_by_buyer: true,
        status: 'waiting_for_content',
        payment_method: 'credits',
        content_product_plan: null,
      });
      for (const url of [
        `/orders/${own.id}`,
        `/orders/${own.id}/items`,
        `/orders/${own.id}/items/exports`,
      ]) {
        const foreign = await call('GET', url, tokens.secondBuyer);
        expect(foreign.statusCode, url).toBe(404);
        expect(foreign.json().message).toBe(ORDER_NOT_FOUND_MESSAGE);
        const missing = await call('GET', url.replace(own.id, UNKNOWN_ID), tokens.buyer);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().message).toBe(ORDER_NOT_FOUND_MESSAGE);
      }
    });
  });

  describe('buyer transitions', () => {
    // Decision 040, written out: the statuses each buyer transition may start from.
    const ALLOWED: Record<'approve_topic' | 'approve_content' | 'cancel', OrderItemStatus[]> = {
      approve_topic: ['topic_ready_for_approval'],
      approve_content: ['content_ready_for_approval'],
      cancel: [
        'waiting_for_content',
        'in_progress',
        'processing',
        'ready_for_publication',
        'sent_for_publication',
        'topic_ready_for_approval',
        'content_ready_for_approval',
      ],
    };
    const RESULT: Record<keyof typeof ALLOWED, OrderItemStatus> = {
      approve_topic: 'in_progress',
      approve_content: 'ready_for_publication',
      cancel: 'cancelled',
    };

    for (const transition of Object.keys(ALLOWED) as (keyof typeof ALLOWED)[]) {
      it(`${transition} is allowed from ${ALLOWED[transition].join(', ')} and refused from every other status`, async () => {
        const lines = ORDER_ITEM_STATUSES.map(() => kind('approvedTopic'));
        const { items } = await order(lines, 'bank_transfer');
        for (const [index, status] of ORDER_ITEM_STATUSES.entries()) {
          const item = items[index];
          if (!item) throw new Error('No item');
          await setItem(item.id, {
            status,
            topicStatus: status === 'topic_ready_for_approval' ? 'topic_ready_for_approval' : null,
          });
          const before = await itemRow(item.id);
          const response = await statuses({ transition, ids: [item.id] });
          if (ALLOWED[transition].includes(status)) {
            expect(response.statusCode, `${transition} from ${status}: ${response.body}`).toBe(200);
            const [changed] = ChangedItemsSchema.parse(response.json()).data;
            expect(changed?.status).toBe(RESULT[transition]);
            expect((await itemRow(item.id)).status).toBe(RESULT[transition]);
          } else {
            expect(response.statusCode, `${transition} from ${status}`).toBe(409);
            expect(response.json()).toMatchObject({ code: 409 });
            expect(response.json().message).toMatch(
              new RegExp(`^Item ${item.number} is ${status}; .+\\.$`),
            );
            expect(await itemRow(item.id)).toEqual(before);
          }
        }
      });
    }

    it('changes no item when one of them is refused, and names that one', async () => {
      const { items, order: placed } = await order([
        kind('publisherTopic'),
        kind('publisherTopic'),
      ]);
      const [first, second] = items;
      if (!first || !second) throw new Error('No items');
      await setItem(second.id, { status: 'live_link', liveLink: 'https://x.example/post' });
      const balance = await creditsOf(ctx.handle.db, facts.companyIds.buyer);
      const response = await statuses({ transition: 'cancel', ids: [first.id, second.id] });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `Item ${second.number} is live_link; it cannot be cancelled.`,
      );
      expect((await itemRow(first.id)).status).toBe('in_progress');
      expect(await creditsOf(ctx.handle.db, facts.companyIds.buyer)).toBe(balance);
      expect((await orderRow(placed.id)).status).toBe('processing');
    });

    it('answers 404 for unknown ids and for another buyer’s items, and changes nothing', async () => {
      const { items } = await order([kind('publisherTopic')]);
      const { items: foreign } = await order(
        [kind('publisherTopic', 'secondBuyer')],
        'credits',
        'secondBuyer',
      );
      const own = items[0];
      const theirs = foreign[0];
      if (!own || !theirs) throw new Error('No items');
      for (const ids of [[UNKNOWN_ID], [own.id, theirs.id]]) {
        const response = await statuses({ transition: 'cancel', ids });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(ORDER_ITEM_NOT_FOUND_MESSAGE);
      }
      expect((await itemRow(own.id)).status).toBe('in_progress');
      expect((await itemRow(theirs.id)).status).toBe('in_progress');
      const edits = await call('PUT', '/orders/items/request-edits', tokens.buyer, {
        is_requested_edits: true,
        ids: [theirs.id],
      });
      expect(edits.statusCode).toBe(404);
      for (const [method, url, body] of [
        ['PUT', `/orders/items/${theirs.id}/topics`, { content: 'Mine now' }],
        ['POST', `/orders/items/${theirs.id}/topics/feedbacks`, { feedback: 'No' }],
      ] as const) {
        const response = await call(method, url, tokens.buyer, body);
        expect(response.statusCode, url).toBe(404);
      }
      for (const [method, url, fields] of [
        ['PUT', `/orders/items/${theirs.id}/articles`, { link: 'https://docs.example/a' }],
        ['POST', `/orders/items/${theirs.id}/articles/feedbacks`, { feedback: 'No' }],
      ] as const) {
        const response = await upload(method, url, multipart(fields));
        expect(response.statusCode, url).toBe(404);
      }
      expect(await itemRow(theirs.id)).toMatchObject({
        status: 'in_progress',
        topic: null,
        articleLink: null,
      });
    });

    it('validates the body of the statuses call', async () => {
      const empty = await statuses({ transition: 'cancel', ids: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().violations[0]).toMatchObject({
        path: 'ids',
        message: 'Choose at least one item.',
      });
      const twice = await statuses({ transition: 'cancel', ids: [UNKNOWN_ID, UNKNOWN_ID] });
      expect(twice.json().violations[0].message).toBe('Items array must contain unique values');
      const unknown = await statuses({ transition: 'publish', ids: [UNKNOWN_ID] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().violations[0].path).toBe('transition');
    });
  });

  describe('cancelling and credits', () => {
    it('returns a credits-paid item’s price with its VAT share, with a ledger row and a credit note', async () => {
      // The second buyer's company is German: 19 % VAT.
      const lines = [kind('publisherTopic', 'secondBuyer'), kind('buyerArticle', 'secondBuyer', 1)];
      const { order: placed, items } = await order(lines, 'credits', 'secondBuyer');
      const [first, second] = items;
      if (!first || !second) throw new Error('No items');
      const before = moneyToCents(await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer));
      const net = moneyToCents(first.price) + moneyToCents(first.contentPrice);
      const share = net + vatCents(net, 1900);

      const response = await statuses({ transition: 'cancel', ids: [first.id] }, 'secondBuyer');
      expect(response.statusCode, response.body).toBe(200);
      const after = moneyToCents(await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer));
      expect(after - before).toBe(share);
      const ledger = await ctx.handle.db
        .select()
        .from(creditTransactions)
        .where(and(eq(creditTransactions.orderId, placed.id)));
      expect(ledger.map((row) => row.amount).sort()).toEqual(
        [centsToMoney(-moneyToCents(placed.price_with_vat!)), centsToMoney(share)].sort(),
      );
      expect(ledger.find((row) => moneyToCents(row.amount) > 0)?.balanceAfter).toBe(
        centsToMoney(after),
      );
      // The credit note's PDF is printed by the job its cancel queued.
      while (await ctx.app.jobs.runNext());
      const read = OrderSchema.parse(
        (await call('GET', `/orders/${placed.id}`, tokens.secondBuyer)).json(),
      );
      expect(read.credit_note).toMatchObject({
        number: expect.stringMatching(/^CN-\d{4}-\d{6}$/),
        file: { id: expect.any(String), file_name: `${read.credit_note?.number}.pdf` },
      });
      expect(read.status).toBe('processing');

      // Cancelling the last item credits what is left and the order is cancelled and refunded.
      const last = await statuses({ transition: 'cancel', ids: [second.id] }, 'secondBuyer');
      expect(last.statusCode).toBe(200);
      const notes = await ctx.handle.db
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.orderId, placed.id));
      expect(notes.reduce((sum, note) => sum + moneyToCents(note.amount), 0)).toBe(
        moneyToCents(placed.price_with_vat!),
      );
      expect(moneyToCents(await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer))).toBe(
        before + moneyToCents(placed.price_with_vat!),
      );
      const cancelled = OrderSchema.parse(
        (await call('GET', `/orders/${placed.id}`, tokens.secondBuyer)).json(),
      );
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        payment: { status: 'refunded' },
        invoice: { payment_status: 'refunded' },
      });
      expect(cancelled.credit_note?.id).toBe(
        notes.sort((a, b) => b.number.localeCompare(a.number))[0]?.id,
      );
    });

    it('credits exactly the order’s total when its items are cancelled by concurrent calls', async () => {
      const lines = [
        kind('publisherTopic', 'secondBuyer'),
        kind('approvedTopic', 'secondBuyer', 1),
        kind('buyerArticle', 'secondBuyer', 2),
      ];
      const { order: placed, items } = await order(lines, 'credits', 'secondBuyer');
      const before = moneyToCents(await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer));
      const answers = await Promise.all(
        items.map((item) => statuses({ transition: 'cancel', ids: [item.id] }, 'secondBuyer')),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const notes = await ctx.handle.db
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.orderId, placed.id));
      expect(notes).toHaveLength(3);
      expect(notes.reduce((sum, note) => sum + moneyToCents(note.amount), 0)).toBe(
        moneyToCents(placed.price_with_vat!),
      );
      expect(moneyToCents(await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer))).toBe(
        before + moneyToCents(placed.price_with_vat!),
      );
      expect(await orderRow(placed.id)).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'refunded',
      });
    });

    it('credits an item of an unpaid bank transfer at once: a credit note, less to pay, a mail', async () => {
      // The second buyer's company is German: 19 % VAT.
      const lines = [kind('publisherTopic', 'secondBuyer'), kind('buyerArticle', 'secondBuyer', 1)];
      const { order: placed, items } = await order(lines, 'bank_transfer', 'secondBuyer');
      const [first, second] = items;
      if (!first || !second || !placed.invoice) throw new Error('No items or invoice');
      const total = moneyToCents(placed.price_with_vat!);
      expect(placed.amounts).toEqual({
        charged: placed.price_with_vat,
        credited: '0.00',
        paid: '0.00',
        due: placed.price_with_vat,
      });
      const balance = await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer);
      const net = moneyToCents(first.price) + moneyToCents(first.contentPrice);
      const share = net + vatCents(net, 1900);
      await ctx.drainMail();
      const mailsBefore = mailsTo(ctx.mailDir, FIXTURE.secondBuyer).length;
      const accountsBefore = mailsTo(ctx.mailDir, 'accounts@example.com').length;

      const response = await statuses({ transition: 'cancel', ids: [first.id] }, 'secondBuyer');
      expect(response.statusCode, response.body).toBe(200);
      const notes = await ctx.handle.db
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.orderId, placed.id));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        amount: centsToMoney(share),
        itemNumbers: [first.number],
        number: expect.stringMatching(/^CN-2026-\d{6}$/),
      });
      // No credits move: the buyer has paid nothing yet.
      expect(await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer)).toBe(balance);
      const read = OrderSchema.parse(
        (await call('GET', `/orders/${placed.id}`, tokens.secondBuyer)).json(),
      );
      expect(read).toMatchObject({
        status: 'processing',
        payment: { status: 'pending_payment' },
        invoice: { number: placed.invoice.number, payment_status: 'pending_payment' },
        links_amount: 2,
        cancelled_links_amount: 1,
        amounts: {
          charged: placed.price_with_vat,
          credited: centsToMoney(share),
          paid: '0.00',
          due: centsToMoney(total - share),
        },
        credit_note: { id: notes[0]?.id, number: notes[0]?.number },
      });
      const [invoice] = await ctx.handle.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, placed.invoice.id));
      expect(invoice?.amount).toBe(centsToMoney(total - share));

      // The buyer and the invoice address get the credit note's mail, linking the order.
      await ctx.drainMail();
      for (const [to, before] of [
        [FIXTURE.secondBuyer, mailsBefore],
        ['accounts@example.com', accountsBefore],
      ] as const) {
        const mails = mailsTo(ctx.mailDir, to);
        expect(mails).toHaveLength(before + 1);
        expect(mails.at(-1)?.subject).toBe(
          `Credit note ${notes[0]?.number} for order ${placed.number}`,
        );
        expect(mails.at(-1)?.text).toContain(
          `${centsToMoney(share)} EUR deducted from invoice ${placed.invoice.number}: pay only the remaining ${centsToMoney(total - share)} EUR.`,
        );
        expect(mails.at(-1)?.text).toContain(`/orders/${placed.id}`);
      }
    });

    it('credits all that is left when the last item of an unpaid bank transfer is cancelled, and calls the payment off', async () => {
      const lines = [kind('publisherTopic', 'secondBuyer'), kind('buyerArticle', 'secondBuyer', 1)];
      const { order: placed, items } = await order(lines, 'bank_transfer', 'secondBuyer');
      const [first, second] = items;
      if (!first || !second || !placed.invoice) throw new Error('No items or invoice');
      const balance = await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer);
      expect(
        (await statuses({ transition: 'cancel', ids: [first.id] }, 'secondBuyer')).statusCode,
      ).toBe(200);
      expect(
        (await statuses({ transition: 'cancel', ids: [second.id] }, 'secondBuyer')).statusCode,
      ).toBe(200);
      expect(await creditsOf(ctx.handle.db, facts.companyIds.secondBuyer)).toBe(balance);
      const notes = await ctx.handle.db
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.orderId, placed.id));
      expect(notes).toHaveLength(2);
      expect(notes.reduce((sum, note) => sum + moneyToCents(note.amount), 0)).toBe(
        moneyToCents(placed.price_with_vat!),
      );
      const read = OrderSchema.parse(
        (await call('GET', `/orders/${placed.id}`, tokens.secondBuyer)).json(),
      );
      expect(read).toMatchObject({
        status: 'cancelled',
        payment: { status: 'cancelled' },
        invoice: { payment_status: 'cancelled' },
        cancelled_links_amount: 2,
        amounts: {
          charged: placed.price_with_vat,
          credited: placed.price_with_vat,
          paid: '0.00',
          due: '0.00',
        },
      });
      const [invoice] = await ctx.handle.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, placed.invoice.id));
      expect(invoice?.amount).toBe('0.00');
    });

    it('shows a credits order as paid in full, with what cancelling gave back', async () => {
      const lines = [kind('publisherTopic', 'secondBuyer'), kind('buyerArticle', 'secondBuyer', 1)];
      const { order: placed, items } = await order(lines, 'credits', 'secondBuyer');
      const [first] = items;
      if (!first) throw new Error('No item');
      const net = moneyToCents(first.price) + moneyToCents(first.contentPrice);
      const share = net + vatCents(net, 1900);
      expect(
        (await statuses({ transition: 'cancel', ids: [first.id] }, 'secondBuyer')).statusCode,
      ).toBe(200);
      const read = OrderSchema.parse(
        (await call('GET', `/orders/${placed.id}`, tokens.secondBuyer)).json(),
      );
      expect(read.amounts).toEqual({
        charged: placed.price_with_vat,
        credited: centsToMoney(share),
        paid: placed.price_with_vat,
        due: '0.00',
      });
      expect(read.invoice?.payment_status).toBe('paid');
    });
  });

  describe('requests for edits', () => {
    it('are allowed on live links only, and can be withdrawn', async () => {
      const { items } = await order([kind('publisherTopic'), kind('publisherTopic')]);
      const [live, working] = items;
      if (!live || !working) throw new Error('No items');
      await setItem(live.id, { status: 'live_link', liveLink: 'https://site.example/post' });
      const asked = await call('PUT', '/orders/items/request-edits', tokens.buyer, {
        is_requested_edits: true,
        ids: [live.id],
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(ChangedItemsSchema.parse(asked.json()).data[0]).toMatchObject({
        is_requested_edits: true,
        status: 'live_link',
      });
      const withdrawn = await call('PUT', '/orders/items/request-edits', tokens.buyer, {
        is_requested_edits: false,
        ids: [live.id],
      });
      expect(withdrawn.statusCode).toBe(200);
      expect((await itemRow(live.id)).isRequestedEdits).toBe(false);
      const refused = await call('PUT', '/orders/items/request-edits', tokens.buyer, {
        is_requested_edits: true,
        ids: [live.id, working.id],
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `Item ${working.number} is in_progress; edits cannot be requested.`,
      );
      expect((await itemRow(live.id)).isRequestedEdits).toBe(false);
      const invalid = await call('PUT', '/orders/items/request-edits', tokens.buyer, {
        is_requested_edits: 'yes',
        ids: [live.id],
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().violations[0].path).toBe('is_requested_edits');
    });
  });

  describe('topics', () => {
    it('lets the buyer edit their own topic until it is approved, and not the publisher’s', async () => {
      const { items } = await order([
        kind('buyerArticle'),
        kind('buyerTopic'),
        kind('approvedTopic'),
      ]);
      const [provide, ownTopic, theirs] = items;
      if (!provide || !ownTopic || !theirs) throw new Error('No items');
      const put = (id: string, content: unknown) =>
        call('PUT', `/orders/items/${id}/topics`, tokens.buyer, { content });
      const edited = await put(provide.id, '  Spring hikes in the Alps  ');
      expect(edited.statusCode, edited.body).toBe(200);
      expect(OrderItemSchema.parse(edited.json())).toMatchObject({
        status: 'waiting_for_content',
        topic: { content: 'Spring hikes in the Alps' },
      });
      const second = await put(ownTopic.id, 'Autumn trails');
      expect(second.statusCode).toBe(200);
      expect((await itemRow(ownTopic.id)).topic).toBe('Autumn trails');
      const refused = await put(theirs.id, 'My idea');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `Item ${theirs.number} is in_progress; its topic cannot be edited.`,
      );
      await setItem(ownTopic.id, { topicStatus: 'topic_approved' });
      expect((await put(ownTopic.id, 'Later idea')).statusCode).toBe(409);
      await setItem(provide.id, { status: 'sent_for_publication' });
      expect((await put(provide.id, 'Too late')).statusCode).toBe(409);
      for (const content of ['', '   ']) {
        const blank = await put(ownTopic.id, content);
        expect(blank.statusCode).toBe(400);
        expect(blank.json().violations[0]).toEqual({
          path: 'content',
          message: 'Write the topic.',
        });
      }
      const missing = await call('PUT', `/orders/items/${ownTopic.id}/topics`, tokens.buyer, {});
      expect(missing.json().violations[0]).toEqual({
        path: 'content',
        message: 'Write the topic.',
      });
    });

    it('declines a proposed topic with feedback', async () => {
      const { items } = await order([kind('approvedTopic')]);
      const [item] = items;
      if (!item) throw new Error('No item');
      const feedback = (body: object) =>
        call('POST', `/orders/items/${item.id}/topics/feedbacks`, tokens.buyer, body);
      expect((await feedback({ feedback: 'Less generic, please' })).statusCode).toBe(409);
      await setItem(item.id, {
        status: 'topic_ready_for_approval',
        topicStatus: 'topic_ready_for_approval',
        topic: 'Boots for beginners',
      });
      const blank = await feedback({ feedback: '' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().violations[0].message).toBe('Write your feedback.');
      const response = await feedback({ feedback: 'Less generic, please' });
      expect(response.statusCode, response.body).toBe(200);
      expect(OrderItemSchema.parse(response.json())).toMatchObject({
        status: 'in_progress',
        topic: {
          status: 'topic_declined',
          feedback: { text: 'Less generic, please', file: null },
        },
      });
    });
  });

  describe('articles', () => {
    it('confirms the buyer’s article with a normalised link and a document, then lets it be edited', async () => {
      const { items } = await order([kind('buyerArticle')]);
      const [item] = items;
      if (!item) throw new Error('No item');
      const url = `/orders/items/${item.id}/articles`;
      const confirmed = await upload(
        'PUT',
        url,
        multipart(
          { link: '  docs.example.com/my-article ', file_name: 'Article.docx' },
          {
            name: 'upload.bin',
            bytes: documentSamples.docx,
          },
        ),
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const view = OrderItemSchema.parse(confirmed.json());
      expect(view).toMatchObject({
        status: 'in_progress',
        article: {
          status: 'content_ready_for_approval',
          link: 'https://docs.example.com/my-article',
          file: { file_name: 'Article.docx' },
        },
      });
      const fileId = view.article.file?.id ?? '';
      const download = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/files/${fileId}`,
        headers: { authorization: `Bearer ${tokens.buyer}` },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(documentSamples.docx)).toBe(true);
      const foreign = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/files/${fileId}`,
        headers: { authorization: `Bearer ${tokens.secondBuyer}` },
      });
      expect(foreign.statusCode).toBe(404);

      const edited = await upload('PUT', url, multipart({ link: 'https://docs.example.com/v2' }));
      expect(edited.statusCode).toBe(200);
      expect(OrderItemSchema.parse(edited.json()).article).toMatchObject({
        link: 'https://docs.example.com/v2',
        file: { id: fileId },
      });
      await setItem(item.id, { articleStatus: 'content_approved' });
      const approved = await upload('PUT', url, multipart({ link: 'https://docs.example.com/v3' }));
      expect(approved.statusCode).toBe(409);
    });

    it('refuses a missing or broken link, offering the corrected one', async () => {
      const { items } = await order([kind('buyerArticle')]);
      const url = `/orders/items/${items[0]?.id}/articles`;
      const missing = await upload('PUT', url, multipart({}));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().violations[0]).toEqual({
        path: 'link',
        message: 'This value should not be blank.',
      });
      const blank = await upload('PUT', url, multipart({ link: '  ' }));
      expect(blank.json().violations[0].message).toBe('This value should not be blank.');
      const newline = await upload('PUT', url, multipart({ link: 'docs.example.com/a\nrticle' }));
      expect(newline.statusCode).toBe(400);
      expect(newline.json().violations[0]).toEqual({
        path: 'link',
        message: 'Newlines are not allowed',
        parameters: { value: '"https://docs.example.com/article"' },
      });
      for (const link of ['//evil.example/a', 'https://user:pass@evil.example/a']) {
        const foreign = await upload('PUT', url, multipart({ link }));
        expect(foreign.statusCode, link).toBe(400);
        expect(foreign.json().violations[0], link).toEqual({
          path: 'link',
          message: 'This value is not a valid URL.',
        });
      }
      const json = await call('PUT', url, tokens.buyer, { link: 'https://docs.example.com' });
      expect(json.statusCode).toBe(415);
      expect((await itemRow(items[0]?.id ?? '')).articleLink).toBeNull();
    });

    it('refuses an article on an item whose article the publisher writes', async () => {
      const { items } = await order([kind('publisherTopic')]);
      const response = await upload(
        'PUT',
        `/orders/items/${items[0]?.id}/articles`,
        multipart({ link: 'https://docs.example.com/a' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `Item ${items[0]?.number} is in_progress; its article cannot be edited.`,
      );
    });
  });

  describe('content feedback', () => {
    const ready = async () => {
      const { items } = await order([kind('publisherTopic')]);
      const [item] = items;
      if (!item) throw new Error('No item');
      await setItem(item.id, {
        status: 'content_ready_for_approval',
        articleStatus: 'content_ready_for_approval',
        articleLink: 'https://drafts.example/a',
      });
      return item;
    };
    const url = (id: string) => `/orders/items/${id}/articles/feedbacks`;

    it('declines the content with feedback and a PDF, TXT, DOC or DOCX file', async () => {
      for (const [name, bytes] of [
        ['notes.pdf', documentSamples.pdf],
        ['notes.txt', documentSamples.txt],
        ['notes.doc', documentSamples.doc],
        ['notes.docx', documentSamples.docx],
      ] as const) {
        const item = await ready();
        const response = await upload(
          'POST',
          url(item.id),
          multipart({ feedback: 'See my notes' }, { name, bytes }),
        );
        expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
        expect(OrderItemSchema.parse(response.json())).toMatchObject({
          status: 'in_progress',
          article: {
            status: 'content_declined',
            feedback: { text: 'See my notes', file: { file_name: name } },
          },
        });
      }
      const item = await ready();
      const plain = await upload('POST', url(item.id), multipart({ feedback: 'Shorter, please' }));
      expect(plain.statusCode).toBe(200);
      expect(OrderItemSchema.parse(plain.json()).article.feedback).toMatchObject({
        text: 'Shorter, please',
        file: null,
      });
    });

    it('checks the file by its content: a renamed executable is refused and nothing changes', async () => {
      const item = await ready();
      for (const [name, bytes] of [
        ['notes.pdf', documentSamples.exe],
        ['notes.docx', documentSamples.zip],
        ['notes.txt', documentSamples.elf],
      ] as const) {
        const response = await upload(
          'POST',
          url(item.id),
          multipart({ feedback: 'x' }, { name, bytes, type: 'application/pdf' }),
        );
        expect(response.statusCode, name).toBe(400);
        expect(response.json().violations[0]).toEqual({
          path: 'file',
          message: 'The file must be a .doc, .docx, .txt or .pdf document.',
        });
      }
      expect(await itemRow(item.id)).toMatchObject({
        status: 'content_ready_for_approval',
        articleFeedback: null,
      });
    });

    it('answers 413 with the spec’s message for 20 MB and one byte, and accepts 20 MB', async () => {
      const item = await ready();
      const tooLarge = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61);
      const response = await upload(
        'POST',
        url(item.id),
        multipart({ feedback: 'x' }, { name: 'big.txt', bytes: tooLarge }),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(
        'The file is too large (20971521 bytes). Allowed maximum size is 20971520 bytes.',
      );
      expect((await itemRow(item.id)).status).toBe('content_ready_for_approval');
      const larger = await upload(
        'POST',
        url(item.id),
        multipart(
          { feedback: 'x' },
          { name: 'big.txt', bytes: Buffer.alloc(25 * 1024 * 1024, 0x61) },
        ),
      );
      expect(larger.json().message).toBe(
        'The file is too large (25 MB). Allowed maximum size is 20 MB.',
      );
      const fits = await upload(
        'POST',
        url(item.id),
        multipart(
          { feedback: 'x' },
          { name: 'big.txt', bytes: Buffer.alloc(MAX_UPLOAD_BYTES, 0x61) },
        ),
      );
      expect(fits.statusCode, fits.body).toBe(200);
    });

    it('refuses a blank feedback and feedback on content that is not ready', async () => {
      const item = await ready();
      const blank = await upload('POST', url(item.id), multipart({ feedback: ' ' }));
      expect(blank.statusCode).toBe(400);
      expect(blank.json().violations[0]).toEqual({
        path: 'feedback',
        message: 'Write your feedback.',
      });
      await setItem(item.id, { status: 'in_progress' });
      const early = await upload('POST', url(item.id), multipart({ feedback: 'Too early' }));
      expect(early.statusCode).toBe(409);
    });
  });

  describe('the export of an order’s items', () => {
    it('is a CSV attachment whose formula-like cells are made inert', async () => {
      const { order: placed, items } = await order([kind('publisherTopic'), kind('buyerArticle')]);
      const [first] = items;
      if (!first) throw new Error('No item');
      await setItem(first.id, {
        anchorText: '=HYPERLINK("http://evil.example")',
        comments: '@SUM(A1:A2)',
      });
      const response = await call('GET', `/orders/${placed.id}/items/exports`, tokens.buyer);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toContain(
        `attachment; filename="order-${placed.number}-items.csv"`,
      );
      expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const { hasByteOrderMark, rows } = readCsv(response.body);
      expect(hasByteOrderMark).toBe(true);
      expect(rows).toHaveLength(3);
      expect(rows[1]?.slice(0, 1)).toEqual([first.number]);
      expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(csvRecords(response.body)[0]).toMatchObject({
        'Anchor text': `'=HYPERLINK("http://evil.example")`,
        Comments: "'@SUM(A1:A2)",
      });
      expect(response.body).not.toMatch(/,=HYPERLINK/);
    });
    it('starts with a byte order mark and names and words everything as the order page does', async () => {
      const { order: placed, items } = await order(
        [kind('publisherTopic'), kind('buyerArticle')],
        'bank_transfer',
      );
      const [first, second] = items;
      if (!first || !second) throw new Error('No items');
      await setItem(first.id, {
        anchorText: 'Grüße — naïve café 🚀',
        publishingDueDate: '2026-04-09',
        status: 'in_progress',
        siteHostname: 'xn--mnchen-3ya.de',
        buyerDomainHostname: 'shop.xn--mller-kva.de',
      });
      await setItem(second.id, { status: 'cancelled' });
      const response = await call('GET', `/orders/${placed.id}/items/exports`, tokens.buyer);
      expect(response.statusCode).toBe(200);
      // The bytes: the UTF-8 byte order mark first, then the text in UTF-8.
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.includes(Buffer.from('Grüße — naïve café 🚀', 'utf8'))).toBe(true);

      const header = readCsv(response.body).rows[0] ?? [];
      expect(header.slice(0, 10)).toEqual([
        'Number',
        'Invoice',
        'Status',
        'Edits requested',
        'Live link',
        'Payment status',
        'Payment method',
        'Buyer domain',
        'Domain',
        'Price (€)',
      ]);
      expect(header).toEqual(
        expect.arrayContaining([
          'Due date',
          'Published date',
          'Link type',
          'Anchor text',
          'Target URL',
          'Content provided by the provider',
          'Article content',
          'Topic needs approval',
          'Topic approved',
          'Content approved',
        ]),
      );
      expect(header.filter((name) => name.includes('_'))).toEqual([]);

      const [one, two] = csvRecords(response.body);
      expect(one).toMatchObject({
        Number: first.number,
        Status: 'In progress',
        'Edits requested': 'No',
        'Payment status': 'Pending payment',
        'Payment method': 'Bank transfer',
        'Anchor text': 'Grüße — naïve café 🚀',
        Domain: 'münchen.de',
        'Buyer domain': 'shop.müller.de',
        'Due date': '09/04/2026',
        'Content provided by the provider': 'Yes',
        'Topic needs approval': 'No',
      });
      expect(one?.['Article content']).toMatch(/^.+, \d+ words$/);
      expect(Number(one?.['Price (€)'])).toBeCloseTo(
        Number(one?.['Link price (€)']) + Number(one?.['Content price (€)']),
        2,
      );
      expect(two).toMatchObject({
        Status: 'Cancelled',
        'Payment status': 'Credited',
        'Article content': 'Provided by you',
        'Content provided by the provider': 'No',
      });
      expect(response.body).not.toMatch(/in_progress|bank_transfer|pending_payment/);
    });
  });

  describe('file previews', () => {
    it('gives the owner a short-lived link that works without a token, and nobody else', async () => {
      const { items } = await order([kind('buyerArticle')]);
      const uploaded = await upload(
        'PUT',
        `/orders/items/${items[0]?.id}/articles`,
        multipart(
          { link: 'https://docs.example.com/a' },
          { name: 'a.pdf', bytes: documentSamples.pdf },
        ),
      );
      const fileId = OrderItemSchema.parse(uploaded.json()).article.file?.id ?? '';
      const ask = (who: Who) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/v1/files/${fileId}/previews`,
          headers: { authorization: `Bearer ${tokens[who]}` },
        });
      expect((await ask('secondBuyer')).statusCode).toBe(404);
      const preview = await ask('buyer');
      expect(preview.statusCode).toBe(200);
      const { path } = preview.json() as { path: string };
      const opened = await ctx.app.inject({ method: 'GET', url: path });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-disposition']).toMatch(/^inline/);
      expect(opened.headers['content-security-policy']).toContain('sandbox');
      expect(opened.rawPayload.equals(documentSamples.pdf)).toBe(true);
      const tampered = path.replace(
        /signature=(.)/,
        (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
      );
      expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
      const otherFile = path.replace(fileId, UNKNOWN_ID);
      expect((await ctx.app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(404);
      ctx.clock.advanceSeconds(10 * 60);
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    });
  });

  describe('notifications', () => {
    it('mails the order summary when the buyer wants it, and not otherwise', async () => {
      await ctx.drainMail();
      const before = mailsTo(ctx.mailDir, FIXTURE.buyer).length;
      const { order: placed } = await order([kind('publisherTopic')]);
      await ctx.drainMail();
      const mails = mailsTo(ctx.mailDir, FIXTURE.buyer);
      expect(mails).toHaveLength(before + 1);
      expect(mails.at(-1)).toMatchObject({ subject: `Your order ${placed.number}` });
      expect(mails.at(-1)?.text).toContain(`/orders/${placed.id}`);
      await setNotifications(ctx.handle.db, facts.userIds.secondBuyer, { order_summary: false });
      const secondBefore = mailsTo(ctx.mailDir, FIXTURE.secondBuyer).length;
      await order([kind('publisherTopic', 'secondBuyer')], 'credits', 'secondBuyer');
      await ctx.drainMail();
      expect(mailsTo(ctx.mailDir, FIXTURE.secondBuyer)).toHaveLength(secondBefore);
    });
  });
});
