// Checkout (spec §5, §7 "Orders", decisions 030 and 031): the cart's totals with VAT for a
// company, which payment methods can pay them, and placing the order, which turns the whole cart
// into an order in one transaction with prices, plan and VAT frozen.
import type { z } from 'zod';

import {
  type CartDefaults,
  CHECKOUT_INCOMPLETE_MESSAGE,
  dueDateProblem,
  earliestDueDate,
  EMPTY_CART_MESSAGE,
  NOT_BLANK_MESSAGE,
} from '#contract/cart.ts';
import type { Violation } from '#contract/errors.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import {
  BillingSchema,
  CART_CHANGED_MESSAGE,
  COMPANY_NOT_FOUND_MESSAGE,
  INSUFFICIENT_CREDITS_MESSAGE,
  LINE_CHANGED_MESSAGE,
  LINE_GONE_MESSAGE,
  type Order,
  type OrderCreateSchema,
  PAYMENT_METHOD_TITLES,
  type PaymentMethod,
  type PaymentMethodOption,
  type PaymentStatus,
} from '#contract/orders.ts';
import { INVALID_COUNTRY_MESSAGE } from '#contract/reference-data.ts';
import {
  rateText,
  vatCents,
  type VatDecision,
  vatDecision,
  type VatSeller,
} from '#contract/vat.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { joinedOrNull } from '#server/db/left-join.ts';
import type { OrderBilling } from '#server/db/schema/index.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { toViolations, VALIDATION_FAILED_MESSAGE } from '#server/http/validation.ts';

import type { Payee } from '../billing/billing.service.ts';
import {
  accountBilling,
  debitCredits,
  insertCreditTransaction,
  invoiceOrder,
  nextDocumentNumber,
  nextOrderNumber,
  payByBillProblem,
} from '../billing/billing.service.ts';
import {
  type CartItemRow,
  cartLineSummaries,
  deleteCartItems,
  draftOf,
  findCartPrices,
  type LineLookups,
  linePriceCents,
  lineVersion,
  lineViolations,
  loadLookups,
  lockCartItems,
  missingFieldsOf,
  paidPlanOf,
} from '../cart/cart.service.ts';
import { freezeContentGuidelines } from '../content-guidelines/content-guidelines.service.ts';
import type { DocumentWriter } from '../files/files.service.ts';
import { initialOrderItemStatus, type OrderNotifier } from '../order-items/order-items.service.ts';
import { toOrder } from '../orders/orders.service.ts';
import {
  type CompanyRow,
  findCompaniesOfUser,
  findCountryCode,
  findUserEmail,
  insertOrder,
  insertOrderItems,
  lockCompany,
} from './checkout.repository.ts';

type ParsedOrderCreate = z.output<typeof OrderCreateSchema>;

/** The companies of a user, the current one first (the demo scenario reads its buyers' with it). */
export { findCompaniesOfUser } from './checkout.repository.ts';

export interface CheckoutService {
  defaults(userId: string, companyId: string | undefined): Promise<CartDefaults>;
  paymentMethods(
    userId: string,
    companyId: string | undefined,
  ): Promise<{ data: PaymentMethodOption[] }>;
  /**
   * Turns the whole cart into an order in `tx` (the request's transaction, decision 044), and
   * queues its summary mail in the same transaction.
   */
  placeOrder(tx: Database, userId: string, body: ParsedOrderCreate): Promise<Order>;
}

export interface CheckoutOptions {
  db: Database;
  now: Clock;
  seller: VatSeller;
  /** Queues the order summary mail with the order. */
  notifier?: OrderNotifier;
  /** Writes the invoice's PDF in the order's transaction (decision 043). */
  documents?: DocumentWriter;
  /** Where a bank transfer goes: the order answers how to pay it (decision 168). */
  payee: Payee;
}

interface Totals {
  items: number;
  priceCents: number;
  contentCents: number;
  netCents: number;
  vat: VatDecision;
  vatCents: number;
  grossCents: number;
}

/** What checkout needs from the server (`CheckoutOptions` without the queued mail's notifier). */
export type CheckoutDeps = Omit<CheckoutOptions, 'notifier'>;

/** The checkout's functions with their dependencies given once (server/app.ts composes it). */
export function createCheckoutService(options: CheckoutOptions): CheckoutService {
  return {
    defaults: (userId, companyId) => cartDefaults(options, userId, companyId),
    paymentMethods: (userId, companyId) => paymentMethods(options, userId, companyId),
    placeOrder: async (tx, userId, body) => {
      const order = await placeOrder(options, tx, userId, body);
      await options.notifier?.queue(tx, [{ kind: 'order_summary', orderId: order.id }]);
      return order;
    },
  };
}

/** The companies the user may order for, and the one chosen (default: the current one). */
async function companyOf(database: Database, userId: string, companyId: string | undefined) {
  const list = await findCompaniesOfUser(database, userId);
  const company = companyId ? list.find((row) => row.id === companyId) : list[0];
  return { company: company ?? null, list };
}

/** The figures of `items` articles: net, VAT as the seller and buyer decide it, gross. */
export function totalsOf(
  seller: VatSeller,
  items: number,
  priceCents: number,
  contentCents: number,
  buyer: { countryCode: string | null; vatNumber: string | null },
): Totals {
  const netCents = priceCents + contentCents;
  const vat = vatDecision(seller, buyer);
  const tax = vatCents(netCents, vat.rateBasisPoints);
  return {
    items,
    priceCents,
    contentCents,
    netCents,
    vat,
    vatCents: tax,
    grossCents: netCents + tax,
  };
}

/** The cart's totals now, for the company's address and VAT number. */
async function cartTotals(
  { db, seller }: Pick<CheckoutDeps, 'db' | 'seller'>,
  userId: string,
  company: CompanyRow,
): Promise<Totals> {
  const rows = await findCartPrices(db, userId);
  let priceCents = 0;
  let contentCents = 0;
  for (const row of rows) {
    priceCents += moneyToCents(row.price ?? '0.00');
    // 'provide' costs nothing whether it is stored as null or named.
    contentCents += row.contentPrice === null ? 0 : moneyToCents(row.contentPrice);
  }
  return totalsOf(seller, rows.length, priceCents, contentCents, {
    countryCode: company.countryCode,
    vatNumber: company.vatNumber,
  });
}

/** GET /shopping-carts/defaults: the cart's totals for a company and its billing defaults. */
export async function cartDefaults(
  deps: Pick<CheckoutDeps, 'db' | 'seller'>,
  userId: string,
  companyId: string | undefined,
): Promise<CartDefaults> {
  const { db } = deps;
  const { company, list } = await companyOf(db, userId, companyId);
  if (!company) throw notFound(COMPANY_NOT_FOUND_MESSAGE);
  const totals = await cartTotals(deps, userId, company);
  const invoiceEmail =
    company.accountingEmail ?? company.contactEmail ?? (await findUserEmail(db, userId));
  return {
    items_amount: totals.items,
    price: centsToMoney(totals.priceCents),
    content_price: centsToMoney(totals.contentCents),
    vat: centsToMoney(totals.vatCents),
    vat_rate: rateText(totals.vat.rateBasisPoints),
    vat_treatment: totals.vat.treatment,
    total_price: centsToMoney(totals.netCents),
    total_price_with_vat: centsToMoney(totals.grossCents),
    invoice_emails: invoiceEmail ? [invoiceEmail] : [],
    company: {
      id: company.id,
      title: company.title,
      email: company.contactEmail,
      address: {
        city: company.city,
        zip_code: company.zipCode,
        address: company.address,
        address_extra: company.addressExtra,
        country_id: company.countryId,
        country: joinedOrNull({
          id: company.countryId,
          title: company.countryTitle,
          code: company.countryCode,
        }),
      },
      billing_information: { email: company.accountingEmail, vat_number: company.vatNumber },
      is_pay_by_bill_allowed: company.isPayByBillAllowed,
    },
    companies: list.map((row) => ({ id: row.id, title: row.title, is_current: row.isCurrent })),
    lines: await cartLineSummaries(db, userId),
  };
}

/** GET /orders/payment-methods: each method with whether it can pay the cart now, and why not. */
export async function paymentMethods(
  deps: Pick<CheckoutDeps, 'db' | 'seller'>,
  userId: string,
  companyId: string | undefined,
): Promise<{ data: PaymentMethodOption[] }> {
  const { company } = await companyOf(deps.db, userId, companyId);
  if (!company) throw notFound(COMPANY_NOT_FOUND_MESSAGE);
  const totals = await cartTotals(deps, userId, company);
  // The same figures as the company's billing view (decision 168).
  const billing = await accountBilling(deps.db, userId, { companyId: company.id });
  if (!billing) throw notFound(COMPANY_NOT_FOUND_MESSAGE);
  const credits = creditsProblem(billing.credits_balance, totals.grossCents);
  return {
    data: [
      option('bank_transfer', null, null),
      option('credits', credits, billing.credits_balance),
      option(
        'pay_by_bill',
        payByBillProblem(billing, totals.grossCents),
        billing.is_pay_by_bill_allowed ? billing.available_to_pay_by_bill : null,
      ),
    ],
  };
}

/**
 * Every problem of every cart line that keeps the order from being placed, each named
 * `items[index].field` with the line's id, so a client that shows one page of the cart can find
 * the row.
 */
export function cartLineViolations(
  rows: readonly CartItemRow[],
  lookups: LineLookups,
  earliestDue: string,
): Violation[] {
  const violations: Violation[] = [];
  rows.forEach((row, index) => {
    const draft = draftOf(row);
    const dueDate = draft.publishingDueDate && dueDateProblem(draft.publishingDueDate, earliestDue);
    const plan = paidPlanOf(draft.contentProductPlanId, lookups);
    const problems: Violation[] = [
      ...missingFieldsOf(row, lookups).map((field) => ({
        path: field,
        message: NOT_BLANK_MESSAGE,
      })),
      ...lineViolations(draft, lookups),
      // Stored without a word count, a paid line is refused rather than given one.
      ...(plan && draft.wordCount === null
        ? [{ path: 'word_count', message: NOT_BLANK_MESSAGE }]
        : []),
      ...(dueDate ? [{ path: 'publishing_due_date', message: dueDate }] : []),
    ];
    for (const problem of problems) {
      violations.push({
        ...problem,
        path: `items[${index}].${problem.path}`,
        parameters: { ...problem.parameters, id: row.id },
      });
    }
  });
  return violations;
}

/** How the order is paid: credits taken, a bill's limit checked, or a transfer awaited. */
async function payment(
  tx: Database,
  userId: string,
  companyId: string,
  method: PaymentMethod,
  grossCents: number,
): Promise<{ paymentStatus: PaymentStatus; balanceAfter: string | null }> {
  if (method === 'credits') {
    const balanceAfter = await debitCredits(tx, companyId, centsToMoney(grossCents));
    if (balanceAfter === null) throw paymentRefused(INSUFFICIENT_CREDITS_MESSAGE);
    return { paymentStatus: 'paid', balanceAfter };
  }
  if (method === 'pay_by_bill') {
    // One checkout at a time per company, so two orders cannot both fit under the limit.
    await lockCompany(tx, companyId);
    const billing = await accountBilling(tx, userId, { companyId });
    const problem = billing ? payByBillProblem(billing, grossCents) : COMPANY_NOT_FOUND_MESSAGE;
    if (problem) throw paymentRefused(problem);
    return { paymentStatus: 'approved', balanceAfter: null };
  }
  return { paymentStatus: 'pending_payment', balanceAfter: null };
}

/** The order's items: each cart line with its prices, plan and guidelines frozen. */
function orderItemsOf(
  lines: { row: CartItemRow; cents: { price: number; content: number } }[],
  lookups: LineLookups,
  order: { id: string; number: string },
  paymentStatus: PaymentStatus,
  guidelines: Awaited<ReturnType<typeof freezeContentGuidelines>>,
  createdAt: Date,
) {
  return lines.map(({ row, cents }, index) => {
    const plan = paidPlanOf(row.contentProductPlanId, lookups);
    const isArticleProvidedByBuyer = plan === null;
    return {
      orderId: order.id,
      number: `${order.number}-${index + 1}`,
      position: index + 1,
      status: initialOrderItemStatus({
        isArticleProvidedByBuyer,
        isTopicAwaited: row.articleTopic === 'i_will_write_my_topic' && !row.topic?.trim(),
        paymentStatus,
      }),
      siteId: row.siteId,
      siteHostname: lookups.sites.get(row.siteId) ?? '',
      buyerDomainId: row.buyerDomainId,
      buyerDomainHostname: lookups.domains.get(row.buyerDomainId) ?? '',
      nicheId: row.nicheId,
      contentProductPlanId: plan?.id ?? null,
      contentProductPlanTitle: plan?.title ?? null,
      price: centsToMoney(cents.price),
      contentPrice: centsToMoney(cents.content),
      wordCount: row.wordCount,
      articleTopic: row.articleTopic,
      topic: row.topic,
      anchorText: row.anchorText ?? '',
      targetUrl: row.targetUrl ?? '',
      customId: row.customId,
      comments: row.comments,
      publishingDueDate: row.publishingDueDate,
      isTopicNeedsApproval: row.isTopicNeedsApproval,
      isArticleProvidedByBuyer,
      isTopicProvidedByBuyer: row.articleTopic === 'i_will_write_my_topic',
      isRequestedEdits: false,
      liveLink: null,
      publishedAt: null,
      contentGuidelines: guidelines,
      statusChangedAt: createdAt,
      createdAt,
    };
  });
}

/**
 * Turns the whole cart into an order in `tx` (the request's transaction, decision 044): every line
 * checked again, paid or its payment checked, prices and VAT frozen, the cart emptied.
 */
export async function placeOrder(
  { now, seller, documents, payee }: CheckoutDeps,
  tx: Database,
  userId: string,
  body: ParsedOrderCreate,
): Promise<Order> {
  const { company } = await companyOf(tx, userId, body.company);
  if (!company) {
    throw new ApiError(400, COMPANY_NOT_FOUND_MESSAGE, {
      violations: [{ path: 'company', message: COMPANY_NOT_FOUND_MESSAGE }],
    });
  }
  const billing = await billingOf(tx, company, body.billing);
  const rows = await lockCartItems(tx, userId);
  if (rows.length === 0) throw new ApiError(400, EMPTY_CART_MESSAGE);

  const lookups = await loadLookups(tx, userId, rows);
  if (body.lines) refuseChangedLines(rows, body.lines, lookups);
  // A due date chosen earlier may have passed since: an order is not placed for the past.
  const violations = cartLineViolations(rows, lookups, earliestDueDate(now()));
  if (violations.length > 0) {
    throw new ApiError(400, CHECKOUT_INCOMPLETE_MESSAGE, { violations });
  }

  const lines = rows.map((row) => ({ row, cents: linePriceCents(row, lookups) }));
  const totals = totalsOf(
    seller,
    rows.length,
    lines.reduce((sum, line) => sum + line.cents.price, 0),
    lines.reduce((sum, line) => sum + line.cents.content, 0),
    billing,
  );
  const gross = centsToMoney(totals.grossCents);
  const method = body.payment_method;
  const createdAt = now();
  const { paymentStatus, balanceAfter } = await payment(
    tx,
    userId,
    company.id,
    method,
    totals.grossCents,
  );

  const number = await nextOrderNumber(tx);
  const order = await insertOrder(tx, {
    number,
    userId,
    companyId: company.id,
    poNumber: body.po_number,
    invoiceEmails: body.invoice_emails,
    billing: billing.address,
    paymentMethod: method,
    paymentStatus,
    status: 'processing',
    price: centsToMoney(totals.netCents),
    vat: centsToMoney(totals.vatCents),
    vatRateBasisPoints: totals.vat.rateBasisPoints,
    vatTreatment: totals.vat.treatment,
    priceWithVat: gross,
    linksAmount: rows.length,
    invoiceId: null,
    createdAt,
  });
  if (balanceAfter !== null) {
    await insertCreditTransaction(tx, {
      companyId: company.id,
      userId,
      orderId: order.id,
      amount: centsToMoney(-totals.grossCents),
      balanceAfter,
      createdAt,
    });
  }
  // Each item keeps the guidelines its writer gets, as they are now (decision 086).
  const guidelines = await freezeContentGuidelines(tx, userId);
  await insertOrderItems(
    tx,
    orderItemsOf(lines, lookups, { id: order.id, number }, paymentStatus, guidelines, createdAt),
  );
  await deleteCartItems(
    tx,
    userId,
    rows.map((row) => row.id),
  );
  // Pay by bill is invoiced with the month's other bills (monthly-bills.job.ts). The invoice's
  // number is drawn last: the series' counter stays locked until the order commits (decision 196).
  const invoice =
    method === 'pay_by_bill'
      ? null
      : await invoiceOrder(tx, {
          number: await nextDocumentNumber(tx, 'INV', createdAt),
          companyId: company.id,
          paymentMethod: method,
          paymentStatus,
          amount: gross,
          createdAt,
          orderId: order.id,
        });
  // Its PDF is written by a job once the order has committed; until then it has no file.
  if (invoice) await documents?.invoice(tx, invoice.id);
  return toOrder({
    order: { ...order, invoiceId: invoice?.id ?? null },
    companyTitle: company.title,
    invoice: invoice
      ? {
          id: invoice.id,
          number: invoice.number,
          paymentStatus: invoice.paymentStatus,
          paymentMethod: invoice.paymentMethod,
          fileId: null,
          fileName: null,
          amount: invoice.amount,
          createdAt: invoice.createdAt,
        }
      : null,
    liveLinks: 0,
    payee,
  });
}

/**
 * Refuses the order (409, nothing placed or charged) unless the cart holds exactly the lines the
 * buyer's screen read, at the versions it read: a line edited elsewhere, added in another tab or
 * whose save the screen never heard back from is named, and so is a line gone from the cart.
 */
function refuseChangedLines(
  rows: CartItemRow[],
  lines: NonNullable<ParsedOrderCreate['lines']>,
  lookups: LineLookups,
): void {
  const read = new Map(lines.map((line) => [line.id, line.version]));
  const violations: Violation[] = [];
  rows.forEach((row, index) => {
    if (read.get(row.id) === lineVersion(row, lookups)) return;
    violations.push({
      path: `items[${index}]`,
      message: LINE_CHANGED_MESSAGE,
      parameters: { id: row.id, site: lookups.sites.get(row.siteId) ?? '' },
    });
  });
  const held = new Set(rows.map((row) => row.id));
  lines.forEach((line, index) => {
    if (held.has(line.id)) return;
    violations.push({
      path: `lines[${index}]`,
      message: LINE_GONE_MESSAGE,
      parameters: { id: line.id },
    });
  });
  if (violations.length > 0) throw new ApiError(409, CART_CHANGED_MESSAGE, { violations });
}

/** The order's billing address: the one given, else the company's own (which must be complete). */
async function billingOf(
  db: Database,
  company: CompanyRow,
  given: ParsedOrderCreate['billing'],
): Promise<{ address: OrderBilling; countryCode: string | null; vatNumber: string | null }> {
  if (given) {
    const countryCode = await findCountryCode(db, given.country_id);
    if (!countryCode) {
      throw new ApiError(400, VALIDATION_FAILED_MESSAGE, {
        violations: [{ path: 'billing.country_id', message: INVALID_COUNTRY_MESSAGE }],
      });
    }
    const address = { ...given, vat_number: given.vat_number ?? null };
    return { address, countryCode, vatNumber: address.vat_number };
  }
  const parsed = BillingSchema.safeParse({
    business_name: company.title,
    country_id: company.countryId ?? undefined,
    city: company.city ?? '',
    address: company.address ?? '',
    zip_code: company.zipCode ?? '',
    vat_number: company.vatNumber,
  });
  if (!parsed.success) {
    throw new ApiError(400, VALIDATION_FAILED_MESSAGE, {
      violations: toViolations(parsed.error.issues).map((violation) => ({
        ...violation,
        path: `billing.${violation.path}`,
      })),
    });
  }
  const address = { ...parsed.data, vat_number: parsed.data.vat_number ?? null };
  return { address, countryCode: company.countryCode, vatNumber: address.vat_number };
}

function creditsProblem(balance: string, grossCents: number): string | null {
  return moneyToCents(balance) < grossCents ? INSUFFICIENT_CREDITS_MESSAGE : null;
}

function option(
  id: PaymentMethod,
  problem: string | null,
  availableAmount: string | null,
): PaymentMethodOption {
  return {
    id,
    title: PAYMENT_METHOD_TITLES[id],
    is_available: problem === null,
    unavailable_reason: problem,
    available_amount: availableAmount,
  };
}

function paymentRefused(message: string): ApiError {
  return new ApiError(400, message, { violations: [{ path: 'payment_method', message }] });
}
