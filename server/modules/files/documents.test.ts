// Invoices and credit notes as PDF files (decisions 043 and 196), run against each database the
// server supports: printed by a job queued with the invoice or credit note, downloadable by every
// buyer of the company and by nobody else.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';

import type { CartLineCreate } from '#contract/cart.ts';
import { FilePreviewSchema } from '#contract/files.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import { type Order, OrderSchema, type PaymentMethod } from '#contract/orders.ts';
import { rateText, VAT_TREATMENT_LABELS } from '#contract/vat.ts';
import { referenceIds } from '#server/db/reference-data.ts';
import {
  cartItems,
  creditNotes,
  files,
  invoices,
  jobs,
  orderItems,
  orders,
} from '#server/db/schema/index.ts';
import {
  addBuyersToCompany,
  buyerCalls,
  type CatalogueFacts,
  catalogueFacts,
  itemsOfOrder,
  lineFor,
  setCredits,
  siteWithNiches,
} from '#tests/helpers/orders.ts';
import { pdfTexts } from '#tests/helpers/pdf-text.ts';
import {
  bearer,
  createTestContext,
  signInBuyers,
  TEST_START,
  type TestContext,
} from '#tests/helpers/test-app.ts';

import { MONTHLY_BILLS_JOB } from '../billing/billing.service.ts';
import { createReprintDocumentsJob, REPRINT_AFTER_MINUTES } from './document-reprints.ts';
import { DEMO_DOCUMENT_SELLER } from './document-seller.ts';
import { createDocumentQueue, createDocumentWriter, RENDER_DOCUMENT_JOB } from './documents.ts';
import { storeFile } from './file-store.ts';

const money = (amount: string) => `${amount} EUR`;

describe('invoice and credit note documents', () => {
  let ctx: TestContext;
  let facts: CatalogueFacts;
  let tokens: { buyer: string; secondBuyer: string };
  let call: ReturnType<typeof buyerCalls>;
  let colleague: { userId: string; token: string; domainId: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    facts = await catalogueFacts(ctx.handle.db);
    tokens = await signInBuyers(ctx.app);
    call = buyerCalls(ctx);
    const [added] = await addBuyersToCompany(ctx, facts.companyIds.buyer, 1);
    if (!added) throw new Error('No colleague');
    colleague = added;
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    ctx.clock.set(TEST_START);
    await ctx.handle.db.delete(cartItems);
  });

  const placeOrder = async (
    method: PaymentMethod,
    lines: CartLineCreate[],
    token = tokens.buyer,
    poNumber = 'PO-4711',
  ): Promise<Order> => {
    for (const line of lines) {
      const added = await call('POST', '/shopping-carts/items', token, line);
      expect(added.statusCode, added.body).toBe(201);
    }
    const response = await call('POST', '/orders', token, {
      company: facts.companyIds.buyer,
      po_number: poNumber,
      invoice_emails: ['accounts@example.com'],
      payment_method: method,
    });
    expect(response.statusCode, response.body).toBe(201);
    const placed = OrderSchema.parse(response.json());
    await printQueued();
    return shownOrder(placed.id, token);
  };
  /** Runs the queued jobs: the documents' printing among them. */
  const printQueued = async () => {
    while (await ctx.app.jobs.runNext());
  };
  const shownOrder = async (orderId: string, token = tokens.buyer) => {
    const response = await call('GET', `/orders/${orderId}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return OrderSchema.parse(response.json());
  };
  const queuedPrints = () =>
    ctx.handle.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RENDER_DOCUMENT_JOB), eq(jobs.status, 'pending')));
  const twoLines = () => {
    const site = siteWithNiches(facts, 1, 0);
    const other = siteWithNiches(facts, 1, 1);
    return [lineFor(facts, site), lineFor(facts, other)];
  };
  /** Places a bank-transfer order of two lines and answers it before its invoice is printed. */
  const placeUnprinted = async (): Promise<Order> => {
    for (const line of twoLines()) {
      expect((await call('POST', '/shopping-carts/items', tokens.buyer, line)).statusCode).toBe(
        201,
      );
    }
    const response = await call('POST', '/orders', tokens.buyer, {
      company: facts.companyIds.buyer,
      invoice_emails: ['accounts@example.com'],
      payment_method: 'bank_transfer',
    });
    expect(response.statusCode, response.body).toBe(201);
    return OrderSchema.parse(response.json());
  };
  const download = (fileId: string, token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}`, headers: bearer(token) });
  const pdfOf = async (fileId: string, token = tokens.buyer) => {
    const response = await download(fileId, token);
    expect(response.statusCode).toBe(200);
    return pdfTexts(response.rawPayload);
  };
  const itemsOf = (orderId: string) => itemsOfOrder(ctx.handle.db, orderId);

  it('writes a bank-transfer invoice with the order’s lines, amounts, VAT and payment details', async () => {
    const order = await placeOrder('bank_transfer', twoLines());
    const fileId = order.invoice?.file?.id;
    if (!fileId || !order.invoice) throw new Error('The invoice has no file');
    expect(order.invoice.file?.file_name).toBe(`${order.invoice.number}.pdf`);
    const [invoice] = await ctx.handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, order.invoice.id));
    expect(invoice?.fileId).toBe(fileId);

    const response = await download(fileId, tokens.buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${order.invoice.number}\\.pdf"`),
    );
    // Opened in the browser, the file can run nothing in the portal's origin.
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');

    const texts = await pdfTexts(response.rawPayload);
    const [stored] = await ctx.handle.db.select().from(orders).where(eq(orders.id, order.id));
    if (!stored) throw new Error('No order');
    expect(texts).toEqual(
      expect.arrayContaining([
        DEMO_DOCUMENT_SELLER.name,
        `VAT ID: ${DEMO_DOCUMENT_SELLER.vatId}`,
        order.invoice.number,
        '02/03/2026',
        'PO-4711',
        'Bank transfer',
        // Due in 14 days.
        '16/03/2026',
        stored.billing.business_name,
        money(order.price!),
        `VAT ${rateText(stored.vatRateBasisPoints)}%`,
        money(order.vat!),
        money(order.price_with_vat!),
        DEMO_DOCUMENT_SELLER.bankAccount,
      ]),
    );
    for (const item of await itemsOf(order.id)) {
      expect(texts).toContain(item.number);
      expect(texts).toContain(item.siteHostname);
      expect(texts).toContain(
        money(centsToMoney(moneyToCents(item.price) + moneyToCents(item.contentPrice))),
      );
    }
    if (VAT_TREATMENT_LABELS[stored.vatTreatment] !== 'VAT') {
      expect(texts).toContain(VAT_TREATMENT_LABELS[stored.vatTreatment]);
    }
    expect(texts.join('\n')).toMatch(/Please transfer .* by 16\/03\/2026/);
    // A UK address: the city on its own line, then the postcode (the buyer is in London).
    expect(stored.billing).toMatchObject({ city: 'London', zip_code: 'EC1V 9HX' });
    const city = texts.indexOf('London');
    expect(texts.slice(city, city + 3)).toEqual(['London', 'EC1V 9HX', 'United Kingdom']);
    expect(texts).not.toContain('EC1V 9HX London');
    expect(order.invoice.number).toMatch(/^INV-2026-\d{6}$/);
    expect(texts).toEqual(expect.arrayContaining(['Order', order.number]));
  });

  it('writes a credit note at once for an item of an unpaid bank transfer, naming what is left to pay', async () => {
    ctx.clock.set(new Date('2026-12-01T10:00:00Z'));
    const december = await signInBuyers(ctx.app);
    // Signing in in December ends the sessions of March, long expired by then: the other tests,
    // back in March, sign in again.
    onTestFinished(async () => {
      ctx.clock.set(TEST_START);
      tokens = await signInBuyers(ctx.app);
    });
    const order = await placeOrder('bank_transfer', twoLines(), december.buyer);
    const [first] = await itemsOf(order.id);
    if (!first || !order.invoice) throw new Error('No item or invoice');
    const cancel = await call('PUT', '/orders/items/statuses', december.buyer, {
      transition: 'cancel',
      ids: [first.id],
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await printQueued();
    const shown = await shownOrder(order.id, december.buyer);
    const fileId = shown.credit_note?.file?.id;
    if (!fileId || !shown.credit_note) throw new Error('The credit note has no file');
    expect(shown.credit_note.number).toMatch(/^CN-2026-\d{6}$/);
    const texts = await pdfOf(fileId, december.buyer);
    const credited = shown.amounts.credited!;
    expect(texts).toEqual(
      expect.arrayContaining([
        shown.credit_note.number,
        '01/12/2026',
        order.invoice.number,
        order.number,
        first.number,
        money(centsToMoney(-moneyToCents(credited))),
        `${money(credited)} deducted from invoice ${order.invoice.number}: pay only the remaining ${money(shown.amounts.due!)}.`,
      ]),
    );
    expect(texts.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const city = texts.indexOf('London');
    expect(texts.slice(city, city + 2)).toEqual(['London', 'EC1V 9HX']);
  });

  it('answers the order with its invoice before the PDF is printed, which a job then prints once', async () => {
    const placed = await placeUnprinted();
    const invoiceId = placed.invoice?.id ?? '';
    // The invoice exists with its number; its file does not yet, and no screen offers one.
    expect(placed.invoice).toMatchObject({ number: expect.stringMatching(/^INV-/), file: null });
    expect((await shownOrder(placed.id)).invoice?.file).toBeNull();
    const queued = await queuedPrints();
    expect(queued.map((job) => job.payload)).toEqual([{ document: 'invoice', id: invoiceId }]);

    await printQueued();
    const shown = await shownOrder(placed.id);
    const fileId = shown.invoice?.file?.id ?? '';
    expect(await pdfOf(fileId)).toEqual(expect.arrayContaining([shown.invoice?.number ?? '']));

    // Printing it again (a job run twice) stores nothing more and keeps the file.
    const documentCount = async () =>
      (await ctx.handle.db.select().from(files).where(eq(files.companyId, facts.companyIds.buyer)))
        .length;
    const before = await documentCount();
    await ctx.app.jobs.enqueue(RENDER_DOCUMENT_JOB, { document: 'invoice', id: invoiceId });
    await printQueued();
    expect(await documentCount()).toBe(before);
    expect((await shownOrder(placed.id)).invoice?.file?.id).toBe(fileId);
  });

  it('prints again, once, a document whose printing failed, after giving its job a while', async () => {
    const placed = await placeUnprinted();
    // Its printing fails for good (the store could not be reached, say).
    await ctx.handle.db
      .update(jobs)
      .set({ status: 'failed' })
      .where(and(eq(jobs.kind, RENDER_DOCUMENT_JOB), eq(jobs.status, 'pending')));
    const reprint = createReprintDocumentsJob({
      db: ctx.handle.db,
      now: ctx.clock.now,
      documents: createDocumentQueue(ctx.app.jobs.enqueue),
    });
    await reprint();
    expect(await queuedPrints()).toEqual([]);
    ctx.clock.set(new Date(TEST_START.getTime() + (REPRINT_AFTER_MINUTES + 1) * 60_000));
    await reprint();
    await reprint();
    expect((await queuedPrints()).map((job) => job.payload)).toEqual([
      { document: 'invoice', id: placed.invoice?.id },
    ]);
    await printQueued();
    expect((await shownOrder(placed.id)).invoice?.file).not.toBeNull();
  });

  it('prints a buyer in Łódź, Αθήνα or Praha 5 as stored, read back from the file', async () => {
    const order = await placeOrder('bank_transfer', twoLines());
    const invoiceId = order.invoice?.id;
    const [stored] = await ctx.handle.db.select().from(orders).where(eq(orders.id, order.id));
    if (!invoiceId || !stored) throw new Error('No invoice');
    const writer = createDocumentWriter({ files: ctx.files, seller: DEMO_DOCUMENT_SELLER });
    const buyers = [
      {
        business_name: 'Wydawnictwo Żółw Sp. z o.o.',
        address: 'ul. Piotrkowska 104',
        zip_code: '90-001',
        city: 'Łódź',
        country_id: referenceIds.country('PL'),
      },
      {
        business_name: 'Εκδόσεις Ακρόπολη Α.Ε.',
        address: 'Λεωφόρος Κηφισίας 12',
        zip_code: '115 26',
        city: 'Αθήνα',
        country_id: referenceIds.country('GR'),
      },
      {
        business_name: 'Nakladatelství Čtení & Győri Kft.',
        address: 'Štefánikova 32',
        zip_code: '150 00',
        city: 'Praha 5',
        country_id: referenceIds.country('CZ'),
      },
    ];
    for (const buyer of buyers) {
      const billing = { ...stored.billing, ...buyer };
      await ctx.handle.db.update(orders).set({ billing }).where(eq(orders.id, order.id));
      await ctx.handle.db.update(invoices).set({ fileId: null }).where(eq(invoices.id, invoiceId));
      await ctx.handle.db.transaction((tx) => writer.invoice(tx, invoiceId));
      const [printed] = await ctx.handle.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, invoiceId));
      expect(await pdfOf(printed?.fileId ?? '')).toEqual(
        expect.arrayContaining([
          buyer.business_name,
          buyer.address,
          `${buyer.zip_code} ${buyer.city}`,
        ]),
      );
    }
  });

  it('lets every buyer of the company read the invoice, and nobody else', async () => {
    const order = await placeOrder('bank_transfer', twoLines());
    const fileId = order.invoice?.file?.id ?? '';
    const mine = await download(fileId, colleague.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    const other = await download(fileId, tokens.secondBuyer);
    expect(other.statusCode).toBe(404);
    const missing = await download('00000000-0000-4000-8000-000000000000', tokens.secondBuyer);
    expect(other.json()).toEqual(missing.json());

    // The preview link works for the colleague; the other company's buyer gets none.
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${fileId}/previews`,
      headers: bearer(colleague.token),
    });
    expect(preview.statusCode).toBe(200);
    const opened = await ctx.app.inject({
      method: 'GET',
      url: FilePreviewSchema.parse(preview.json()).path,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-disposition']).toMatch(/^inline/);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${fileId}/previews`,
      headers: bearer(tokens.secondBuyer),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('keeps uploads readable by their owner only', async () => {
    const upload = await storeFile(ctx.handle.db, ctx.files, {
      ownerUserId: facts.userIds.buyer,
      fileName: 'notes.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('private'),
    });
    expect((await download(upload.id, tokens.buyer)).statusCode).toBe(200);
    expect((await download(upload.id, colleague.token)).statusCode).toBe(404);
    expect((await download(upload.id, tokens.secondBuyer)).statusCode).toBe(404);
  });

  it('writes a credits invoice marked as paid', async () => {
    await setCredits(ctx.handle.db, facts.companyIds.buyer, '100000.00');
    const order = await placeOrder('credits', twoLines());
    const texts = await pdfOf(order.invoice?.file?.id ?? '');
    expect(texts).toEqual(
      expect.arrayContaining([
        'Credits',
        'Paid with credits',
        money(order.price!),
        money(order.price_with_vat!),
      ]),
    );
    expect(texts.join('\n')).not.toMatch(/Please transfer/);
  });

  it('writes a credit note for cancelled items, linked to the invoice it corrects', async () => {
    // Paid with credits, so that cancelling credits the item back.
    await setCredits(ctx.handle.db, facts.companyIds.buyer, '100000.00');
    const order = await placeOrder('credits', twoLines());
    const [first] = await itemsOf(order.id);
    if (!first) throw new Error('No item');
    const cancel = await call('PUT', '/orders/items/statuses', tokens.buyer, {
      transition: 'cancel',
      ids: [first.id],
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await printQueued();
    const [note] = await ctx.handle.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, order.id));
    if (!note?.fileId) throw new Error('The credit note has no file');
    const shown = await shownOrder(order.id);
    expect(shown.credit_note?.file).toEqual({ id: note.fileId, file_name: `${note.number}.pdf` });
    const texts = await pdfOf(note.fileId);
    const net = moneyToCents(first.price) + moneyToCents(first.contentPrice);
    expect(texts).toEqual(
      expect.arrayContaining([
        note.number,
        order.invoice?.number ?? '',
        first.number,
        first.siteHostname,
        money(centsToMoney(-net)),
        money(centsToMoney(-moneyToCents(note.amount))),
      ]),
    );
    expect((await download(note.fileId, colleague.token)).statusCode).toBe(200);
    expect((await download(note.fileId, tokens.secondBuyer)).statusCode).toBe(404);
  });

  it('writes the monthly bill with the lines of every order of the company', async () => {
    ctx.clock.set(new Date('2026-07-06T10:00:00Z'));
    const july = await signInBuyers(ctx.app);
    // The colleague may pay by bill too.
    const [other] = await addBuyersToCompany(ctx, facts.companyIds.buyer, 1, '5000.00');
    if (!other) throw new Error('No colleague');
    const mine = await placeOrder(
      'pay_by_bill',
      [lineFor(facts, siteWithNiches(facts))],
      july.buyer,
    );
    expect(mine.invoice).toBeNull();
    const site = siteWithNiches(facts, 1, 1);
    const theirs = await placeOrder(
      'pay_by_bill',
      [{ ...lineFor(facts, site), buyer_domain: other.domainId }],
      other.token,
      'PO-COLLEAGUE',
    );
    ctx.clock.set(new Date('2026-08-01T00:30:00Z'));
    const august = await signInBuyers(ctx.app);
    const [reader] = await addBuyersToCompany(ctx, facts.companyIds.buyer, 1);
    await ctx.app.jobs.enqueue(MONTHLY_BILLS_JOB, {});
    while (await ctx.app.jobs.runNext());
    const [bill] = await ctx.handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.billingMonth, '2026-07-01'));
    if (!bill?.fileId) throw new Error('The bill has no file');
    const [row] = await ctx.handle.db.select().from(files).where(eq(files.id, bill.fileId));
    expect(row).toMatchObject({ companyId: facts.companyIds.buyer, mimeType: 'application/pdf' });
    const texts = await pdfOf(bill.fileId, august.buyer);
    const items = await ctx.handle.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, [mine.id, theirs.id]));
    expect(items).toHaveLength(2);
    for (const item of items) expect(texts).toContain(item.number);
    expect(texts).toEqual(
      expect.arrayContaining([
        bill.number,
        '07/2026',
        'Pay by bill',
        'PO-4711, PO-COLLEAGUE',
        // Due in 30 days.
        '31/08/2026',
        money(centsToMoney(moneyToCents(mine.price!) + moneyToCents(theirs.price!))),
        money(bill.amount),
      ]),
    );
    // Every buyer of the company can read it, also one who placed none of its orders; the other
    // company's buyer cannot.
    expect((await download(bill.fileId, reader?.token ?? '')).statusCode).toBe(200);
    expect((await download(bill.fileId, august.secondBuyer)).statusCode).toBe(404);
  });
});
