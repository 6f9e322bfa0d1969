// Invoices and credit notes as PDF files (decisions 043 and 196): the transaction that issues the
// invoice or credit note queues a `render-document` job (createDocumentQueue), which prints the
// PDF, stores it as a company document (file-store.ts) and links it from the row
// (createDocumentWriter). Everything printed comes from the stored rows: the order's billing
// snapshot, its frozen prices and VAT, and the credit notes issued up to the document.
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';

import { centsToMoney, moneyToCents } from '#contract/money.ts';
import { creditEffectText, orderMoneyCents } from '#contract/order-money.ts';
import { PAYMENT_METHOD_TITLES } from '#contract/orders.ts';
import { postalAddressLines } from '#contract/postal-address.ts';
import { rateText, VAT_TREATMENT_LABELS } from '#contract/vat.ts';
import { type Database, queryRows } from '#server/db/database.ts';
import {
  countries,
  creditNotes,
  invoices,
  niches,
  orderItems,
  orders,
} from '#server/db/schema/index.ts';
import type { JobHandler, JobRunner } from '#server/jobs/job-runner.ts';
import type { FileStore } from '#server/storage/file-store.ts';

import type { DocumentSeller } from './document-seller.ts';
import { storeCompanyDocument, type StoredFile } from './file-store.ts';
import { type PdfBlock, renderPdf } from './pdf.ts';

export { DEMO_DOCUMENT_SELLER, type DocumentSeller } from './document-seller.ts';

/** Days between an invoice and its due date, by payment method. */
export const PAYMENT_TERM_DAYS = { bank_transfer: 14, pay_by_bill: 30 } as const;

export interface DocumentWriter {
  /** Issues the invoice's PDF; the orders it bills must be stored already. */
  invoice(tx: Database, invoiceId: string): Promise<void>;
  /** Issues the credit note's PDF. */
  creditNote(tx: Database, creditNoteId: string): Promise<void>;
}

/** The kind of job that prints an invoice or a credit note and links its file to its row. */
export const RENDER_DOCUMENT_JOB = 'render-document';

const RenderDocumentPayloadSchema = z.object({
  document: z.enum(['invoice', 'credit_note']),
  id: z.uuid(),
});

/**
 * The writer the portal issues documents with: it queues their printing in the issuing
 * transaction, so the PDF is written once that transaction has committed, outside it.
 */
export function createDocumentQueue(enqueue: JobRunner['enqueue']): DocumentWriter {
  return {
    invoice: async (tx, invoiceId) => {
      await enqueue(RENDER_DOCUMENT_JOB, { document: 'invoice', id: invoiceId }, tx);
    },
    creditNote: async (tx, creditNoteId) => {
      await enqueue(RENDER_DOCUMENT_JOB, { document: 'credit_note', id: creditNoteId }, tx);
    },
  };
}

/** The job that prints a queued document, in a transaction of its own. */
export function createRenderDocumentJob({
  db,
  writer,
}: {
  db: Database;
  writer: DocumentWriter;
}): JobHandler {
  return async (payload) => {
    const { document, id } = RenderDocumentPayloadSchema.parse(payload);
    await db.transaction((tx) =>
      document === 'invoice' ? writer.invoice(tx, id) : writer.creditNote(tx, id),
    );
  };
}

/** Prints a document and stores it with the company's files, named after its number. */
async function storePdf(
  tx: Database,
  files: FileStore,
  kind: string,
  document: { number: string; companyId: string; createdAt: Date },
  ownerUserId: string,
  blocks: PdfBlock[],
): Promise<StoredFile> {
  return storeCompanyDocument(tx, files, {
    ownerUserId,
    companyId: document.companyId,
    fileName: `${document.number}.pdf`,
    createdAt: document.createdAt,
    bytes: await renderPdf(blocks, {
      title: `${kind} ${document.number}`,
      createdAt: document.createdAt,
    }),
  });
}

/**
 * The writer that prints a document at once in `tx`: the render job's, and the demo data's. The
 * document's row is locked while it prints; one that has its file already is left as it is, so
 * printing twice stores one file.
 */
export function createDocumentWriter({
  files,
  seller,
}: {
  files: FileStore;
  seller: DocumentSeller;
}): DocumentWriter {
  return {
    invoice: async (tx, invoiceId) => {
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.id, invoiceId))
        .for('update');
      if (!invoice) throw new Error('The invoice to print is missing');
      if (invoice.fileId !== null) return;
      const billed = await tx
        .select()
        .from(orders)
        .where(eq(orders.invoiceId, invoiceId))
        .orderBy(asc(orders.number));
      const first = billed[0];
      if (!first) throw new Error('The invoice bills no order');
      const items = await itemsOf(
        tx,
        billed.map((order) => order.id),
      );
      // A monthly bill deducts the credit notes issued before it (as its amount did).
      const notes =
        invoice.billingMonth === null
          ? []
          : await tx
              .select()
              .from(creditNotes)
              .where(
                and(
                  inArray(
                    creditNotes.orderId,
                    billed.map((order) => order.id),
                  ),
                  lte(creditNotes.createdAt, invoice.createdAt),
                ),
              )
              .orderBy(asc(creditNotes.number));
      const blocks = invoiceBlocks({
        seller,
        invoice,
        orders: billed,
        items,
        notes,
        country: await countryOf(tx, first.billing.country_id),
      });
      const file = await storePdf(tx, files, 'Invoice', invoice, first.userId, blocks);
      await tx.update(invoices).set({ fileId: file.id }).where(eq(invoices.id, invoiceId));
    },

    creditNote: async (tx, creditNoteId) => {
      const [note] = await tx
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.id, creditNoteId))
        .for('update');
      if (!note) throw new Error('The credit note to print is missing');
      if (note.fileId !== null) return;
      const [order] = await tx.select().from(orders).where(eq(orders.id, note.orderId));
      if (!order) throw new Error('The credited order is missing');
      const [invoice] = order.invoiceId
        ? await tx.select().from(invoices).where(eq(invoices.id, order.invoiceId))
        : [];
      const items = (await itemsOf(tx, [order.id])).filter((item) =>
        note.itemNumbers.includes(item.number),
      );
      // What the order's credit notes had credited when this one was issued, this one included.
      const [credited] = await queryRows<{ cents: string }>(
        tx,
        sql`select (coalesce(sum(${creditNotes.amount}), 0) * 100)::bigint::text as cents
            from ${creditNotes} where ${creditNotes.orderId} = ${order.id}
              and ${or(
                sql`${creditNotes.createdAt} < ${note.createdAt.toISOString()}`,
                and(
                  eq(creditNotes.createdAt, note.createdAt),
                  lte(creditNotes.number, note.number),
                ),
              )}`,
      );
      const blocks = creditNoteBlocks({
        seller,
        note,
        order,
        invoice: invoice ?? null,
        creditedCents: Number(credited?.cents ?? '0'),
        items,
        country: await countryOf(tx, order.billing.country_id),
      });
      const file = await storePdf(tx, files, 'Credit note', note, order.userId, blocks);
      await tx.update(creditNotes).set({ fileId: file.id }).where(eq(creditNotes.id, creditNoteId));
    },
  };
}

interface ItemLine {
  orderId: string;
  number: string;
  siteHostname: string;
  linkType: string;
  plan: string | null;
  price: string;
  contentPrice: string;
}

function itemsOf(tx: Database, orderIds: string[]): Promise<ItemLine[]> {
  return tx
    .select({
      orderId: orderItems.orderId,
      number: orderItems.number,
      siteHostname: orderItems.siteHostname,
      linkType: niches.title,
      plan: orderItems.contentProductPlanTitle,
      price: orderItems.price,
      contentPrice: orderItems.contentPrice,
    })
    .from(orderItems)
    .innerJoin(niches, eq(niches.id, orderItems.nicheId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

interface Country {
  title: string;
  /** ISO 3166-1 alpha-2: how its addresses are written. */
  code: string | null;
}

async function countryOf(tx: Database, countryId: string): Promise<Country> {
  const [row] = await tx
    .select({ title: countries.title, code: countries.isoCode })
    .from(countries)
    .where(eq(countries.id, countryId));
  return row ?? { title: '', code: null };
}

type Order = typeof orders.$inferSelect;

/** "02/03/2026" in UTC: the date format of the portal's screens (spec §9, DD/MM/YYYY). */
export const dateText = (at: Date) => {
  const [year, month, day] = at.toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

/** A monthly bill's period, "07/2026", from its first day "2026-07-01". */
const monthText = (firstDay: string) => `${firstDay.slice(5, 7)}/${firstDay.slice(0, 4)}`;

const addDays = (at: Date, days: number) => new Date(at.getTime() + days * 24 * 60 * 60 * 1000);

const money = (cents: number, currency = 'EUR') => `${centsToMoney(cents)} ${currency}`;

const netOf = (item: ItemLine) => moneyToCents(item.price) + moneyToCents(item.contentPrice);

// Columns of the lines table, in points from the left margin (the text width is 495).
const COL = { number: 0, site: 62, type: 232, plan: 322, amount: 495 };

function headerBlocks(
  seller: DocumentSeller,
  title: string,
  facts: [string, string][],
  buyer: Order['billing'],
  country: Country,
): PdfBlock[] {
  const blocks: PdfBlock[] = [
    { kind: 'text', text: seller.name, font: 'bold', size: 12 },
    ...splitAddress(seller.address).map((line): PdfBlock => ({ kind: 'text', text: line })),
    { kind: 'text', text: `VAT ID: ${seller.vatId}` },
    { kind: 'gap', points: 14 },
    { kind: 'text', text: title, font: 'bold', size: 18 },
    { kind: 'gap', points: 6 },
  ];
  for (const [label, value] of facts) {
    blocks.push({
      kind: 'row',
      size: 10,
      cells: [
        { text: label, font: 'bold' },
        { x: 120, text: value },
      ],
    });
  }
  blocks.push(
    { kind: 'gap', points: 10 },
    { kind: 'text', text: 'Bill to', font: 'bold' },
    { kind: 'text', text: buyer.business_name },
    ...postalAddressLines({
      address: buyer.address,
      postcode: buyer.zip_code,
      city: buyer.city,
      countryCode: country.code,
      countryName: country.title,
    }).map((line): PdfBlock => ({ kind: 'text', text: line })),
  );
  if (buyer.vat_number) blocks.push({ kind: 'text', text: `VAT number: ${buyer.vat_number}` });
  blocks.push({ kind: 'gap', points: 12 });
  return blocks;
}

function splitAddress(address: string): string[] {
  return address
    .split(/\n|,\s*/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

function linesHeader(): PdfBlock[] {
  return [
    {
      kind: 'row',
      cells: [
        { x: COL.number, text: 'Item', font: 'bold' },
        { x: COL.site, text: 'Site', font: 'bold' },
        { x: COL.type, text: 'Link type', font: 'bold' },
        { x: COL.plan, text: 'Content', font: 'bold' },
        { alignRight: COL.amount, text: 'Net price', font: 'bold' },
      ],
    },
    { kind: 'rule' },
  ];
}

function lineRow(item: ItemLine, sign = 1): PdfBlock {
  return {
    kind: 'row',
    cells: [
      { x: COL.number, text: item.number },
      { x: COL.site, text: clip(item.siteHostname, 34) },
      { x: COL.type, text: clip(item.linkType, 18) },
      { x: COL.plan, text: clip(item.plan ?? 'Provided by the buyer', 28) },
      { alignRight: COL.amount, text: money(sign * netOf(item)) },
    ],
  };
}

const clip = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

function amountRow(label: string, value: string, bold = false): PdfBlock {
  return {
    kind: 'row',
    size: 10,
    cells: [
      { x: COL.plan, text: label, font: bold ? 'bold' : 'regular' },
      { alignRight: COL.amount, text: value, font: bold ? 'bold' : 'regular' },
    ],
  };
}

function vatLabel(order: Pick<Order, 'vatRateBasisPoints'>): string {
  return `VAT ${rateText(order.vatRateBasisPoints)}%`;
}

/** The treatment's explanation when it is more than plain VAT ("Reverse charge: …"). */
function treatmentBlocks(treatments: Iterable<Order['vatTreatment']>): PdfBlock[] {
  return [...new Set(treatments)].flatMap((treatment): PdfBlock[] => {
    const label = VAT_TREATMENT_LABELS[treatment];
    return label === 'VAT' ? [] : [{ kind: 'text', size: 9, text: label }];
  });
}

function invoiceBlocks({
  seller,
  invoice,
  orders: billed,
  items,
  notes,
  country,
}: {
  seller: DocumentSeller;
  invoice: typeof invoices.$inferSelect;
  orders: Order[];
  items: ItemLine[];
  notes: (typeof creditNotes.$inferSelect)[];
  country: Country;
}): PdfBlock[] {
  const first = billed[0] as Order;
  const isMonthly = invoice.billingMonth !== null;
  const term =
    invoice.paymentMethod === 'credits' ? null : PAYMENT_TERM_DAYS[invoice.paymentMethod];
  const poNumbers = [
    ...new Set(billed.flatMap((order) => (order.poNumber ? [order.poNumber] : []))),
  ];
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Invoice date', dateText(invoice.createdAt)],
  ];
  if (isMonthly) facts.push(['Billing period', monthText(invoice.billingMonth ?? '')]);
  else facts.push(['Order', first.number]);
  facts.push(['PO number', poNumbers.length > 0 ? poNumbers.join(', ') : '-']);
  facts.push(['Payment method', PAYMENT_METHOD_TITLES[invoice.paymentMethod]]);
  facts.push([
    'Due date',
    term === null ? 'Paid with credits' : dateText(addDays(invoice.createdAt, term)),
  ]);

  const blocks = [
    ...headerBlocks(
      seller,
      isMonthly ? 'Invoice (monthly bill)' : 'Invoice',
      facts,
      first.billing,
      country,
    ),
    ...linesHeader(),
  ];
  let netCents = 0;
  let vatTotalCents = 0;
  let grossCents = 0;
  for (const order of billed) {
    if (isMonthly) {
      const po = order.poNumber ? `, PO ${order.poNumber}` : '';
      blocks.push({
        kind: 'text',
        size: 9,
        font: 'bold',
        text: `Order ${order.number} of ${dateText(order.createdAt)}${po}`,
      });
    }
    for (const item of items.filter((line) => line.orderId === order.id)) {
      blocks.push(lineRow(item));
    }
    netCents += moneyToCents(order.price);
    vatTotalCents += moneyToCents(order.vat);
    grossCents += moneyToCents(order.priceWithVat);
  }
  blocks.push({ kind: 'rule' }, amountRow('Net total', money(netCents)));
  const treatments = new Set(
    billed.map((order) => `${order.vatTreatment} ${order.vatRateBasisPoints}`),
  );
  if (treatments.size === 1) {
    blocks.push(amountRow(vatLabel(first), money(vatTotalCents)));
  } else {
    for (const order of billed) {
      blocks.push(
        amountRow(`${vatLabel(order)} (order ${order.number})`, money(moneyToCents(order.vat))),
      );
    }
    blocks.push(amountRow('VAT total', money(vatTotalCents)));
  }
  blocks.push(amountRow('Total with VAT', money(grossCents), true));
  for (const note of notes) {
    blocks.push(amountRow(`Less credit note ${note.number}`, money(-moneyToCents(note.amount))));
  }
  // What the invoice asked when it was issued: a credit note issued later lowers what is still
  // awaited (invoices.amount), and corrects the invoice in a document of its own.
  const askedCents = Math.max(
    0,
    grossCents - notes.reduce((sum, note) => sum + moneyToCents(note.amount), 0),
  );
  if (notes.length > 0) blocks.push(amountRow('Amount due', money(askedCents), true));
  blocks.push({ kind: 'gap', points: 10 });
  blocks.push(...treatmentBlocks(billed.map((order) => order.vatTreatment)));
  blocks.push({ kind: 'gap', points: 8 }, { kind: 'text', text: 'Payment', font: 'bold' });
  blocks.push(...paymentBlocks(seller, invoice, askedCents, term));
  return blocks;
}

function paymentBlocks(
  seller: DocumentSeller,
  invoice: typeof invoices.$inferSelect,
  askedCents: number,
  term: number | null,
): PdfBlock[] {
  const amount = money(askedCents);
  const due = term === null ? '' : dateText(addDays(invoice.createdAt, term));
  if (invoice.paymentMethod === 'credits') {
    return [{ kind: 'text', size: 9, text: `Paid with the company's credits: ${amount}.` }];
  }
  return [
    { kind: 'text', size: 9, text: `Please transfer ${amount} by ${due} to ${seller.name},` },
    { kind: 'text', size: 9, text: seller.bankAccount },
    { kind: 'text', size: 9, text: `quoting the invoice number ${invoice.number} as reference.` },
  ];
}

function creditNoteBlocks({
  seller,
  note,
  order,
  invoice,
  creditedCents,
  items,
  country,
}: {
  seller: DocumentSeller;
  note: typeof creditNotes.$inferSelect;
  order: Order;
  invoice: typeof invoices.$inferSelect | null;
  /** What the order's credit notes credited so far, this one included. */
  creditedCents: number;
  items: ItemLine[];
  country: Country;
}): PdfBlock[] {
  const invoiceNumber = invoice?.number ?? null;
  const facts: [string, string][] = [
    ['Credit note', note.number],
    ['Date', dateText(note.createdAt)],
    ['Corrects invoice', invoiceNumber ?? 'the monthly bill to come'],
    ['Order', order.number],
    ['PO number', order.poNumber ?? '-'],
    ['Payment method', PAYMENT_METHOD_TITLES[order.paymentMethod]],
  ];
  // The credited amount holds its VAT; a net and VAT part that add up to it exactly.
  const totalCents = moneyToCents(note.amount);
  const netCents = Math.round((totalCents * 10000) / (10000 + order.vatRateBasisPoints));
  const isMonthlyBill = Boolean(invoice?.billingMonth);
  const { due } = orderMoneyCents({
    method: order.paymentMethod,
    status: order.paymentStatus,
    chargedCents: moneyToCents(order.priceWithVat),
    creditedCents,
    invoiceAmountCents: invoice && !isMonthlyBill ? moneyToCents(invoice.amount) : null,
  });
  const blocks: PdfBlock[] = [
    ...headerBlocks(seller, 'Credit note', facts, order.billing, country),
    { kind: 'text', text: 'Cancelled items', font: 'bold' },
    ...linesHeader(),
    ...items.map((item) => lineRow(item, -1)),
    { kind: 'rule' },
    amountRow('Net credited', money(-netCents)),
    amountRow(vatLabel(order), money(-(totalCents - netCents))),
    amountRow('Total credited', money(-totalCents), true),
    { kind: 'gap', points: 10 },
    ...treatmentBlocks([order.vatTreatment]),
    { kind: 'gap', points: 8 },
    {
      kind: 'text',
      size: 9,
      text: creditEffectText(
        {
          method: order.paymentMethod,
          status: order.paymentStatus,
          amountCents: totalCents,
          invoiceNumber,
          isMonthlyBill,
          dueCents: due,
        },
        money,
      ),
    },
  ];
  return blocks;
}
