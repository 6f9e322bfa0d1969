// Checkout (spec §5, §7 "Orders", decisions 030 and 031): the cart's totals with VAT for a
// company, which payment methods can pay them, and placing the order, which turns the whole cart
// into an order in one transaction with prices, plan and VAT frozen.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import {
  type CartDefaults,
  CHECKOUT_INCOMPLETE_MESSAGE,
  dueDateProblem,
  earliestDueDate,
  EMPTY_CART_MESSAGE,
  isOverMonthlyLimit,
  NOT_BLANK_MESSAGE,
  type Spending,
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
import { roleCan } from '#contract/permissions.ts';
import { OVER_LIMIT_MESSAGE } from '#contract/purchase-requests.ts';
import { INVALID_COUNTRY_MESSAGE } from '#contract/reference-data.ts';
import {
  rateText,
  vatCents,
  type VatDecision,
  vatDecision,
  type VatSeller,
} from '#contract/vat.ts';
import type { Clock } from '#server/clock.ts';
import { appendAuditEvent } from '#server/db/audit-events.ts';
import type { Database } from '#server/db/database.ts';
import { joinedOrNull } from '#server/db/left-join.ts';
import { spentThisMonth } from '#server/db/monthly-spend.ts';
import type { OrderBilling } from '#server/db/schema/index.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { membershipsOf, roleRefusal } from '#server/http/member-access.ts';
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
import {
  initialOrderItemStatus,
  type OrderNotice,
  type OrderNotifier,
} from '../order-items/order-items.service.ts';
import { toOrder } from '../orders/orders.service.ts';
import {
  type CompanyRow,
  findCompaniesOfUser,
  findCountryCode,
  findMemberLimit,
  findPlacer,
  findUserEmail,
  insertOrder,
  insertOrderItems,
  lockCompany,
  sumPendingRequests,
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
  /** Reads and freezes the whole cart for an order in `tx`, locked (decision 204). */
  prepareCart(tx: Database, userId: string, body: ParsedOrderCreate): Promise<PreparedCart>;
  /** Places an order of frozen lines in `tx` and queues its summary mail. */
  placeFrozenOrder(tx: Database, input: FrozenOrder): Promise<Order>;
  /**
   * Why `method` cannot pay the prepared cart for the user today, or null when it can: what
   * placing it would refuse, asked without taking the payment (a purchase request, decision 210).
   */
  paymentProblem(
    tx: Database,
    userId: string,
    prepared: PreparedCart,
    method: PaymentMethod,
  ): Promise<string | null>;
  /** Empties the named lines of the user's cart in `tx`. */
  emptyCart(tx: Database, userId: string, cartItemIds: string[]): Promise<void>;
  /** A Buyer's monthly limit in the company with what they spent and what waits; null: none. */
  spending(db: Database, userId: string, companyId: string): Promise<Spending | null>;
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
  /**
   * Stamps the record of who did what with the change's own time (from \`now\`) rather than the
   * database's now(): set by the demo, whose history lies in the past.
   */
  isAuditAtClock?: boolean;
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

/** The mails of a placed order: its summary and, when it has one, its invoice (decision 208). */
function noticesOf(order: Order): OrderNotice[] {
  return [
    { kind: 'order_summary', orderId: order.id },
    ...(order.invoice ? [{ kind: 'invoice' as const, invoiceId: order.invoice.id }] : []),
  ];
}

/** The checkout's functions with their dependencies given once (server/app.ts composes it). */
export function createCheckoutService(options: CheckoutOptions): CheckoutService {
  return {
    defaults: (userId, companyId) => cartDefaults(options, userId, companyId),
    paymentMethods: (userId, companyId) => paymentMethods(options, userId, companyId),
    placeOrder: async (tx, userId, body) => {
      const order = await placeOrder(options, tx, userId, body);
      await options.notifier?.queue(tx, noticesOf(order));
      return order;
    },
    prepareCart: (tx, userId, body) => prepareCart(options, tx, userId, body),
    paymentProblem: (tx, userId, prepared, method) =>
      paymentProblem(options, tx, userId, prepared, method),
    placeFrozenOrder: async (tx, input) => {
      const order = await placeFrozenOrder(options, tx, input);
      await options.notifier?.queue(tx, noticesOf(order));
      return order;
    },
    emptyCart: (tx, userId, cartItemIds) => deleteCartItems(tx, userId, cartItemIds),
    spending: (db, userId, companyId) => spendingOf(db, userId, companyId, options.now()),
  };
}

/**
 * Refuses (403) a member of the company asked for (default: the current one) whose role there
 * may not order. A company the caller is not a member of is left to the service, which answers
 * as it always has (404 for the defaults, 400 naming `company` for an order).
 */
export async function requireOrdering(
  request: FastifyRequest,
  companyId: string | undefined,
): Promise<void> {
  const memberships = await membershipsOf(request);
  const membership = companyId
    ? memberships.find((m) => m.companyId === companyId)
    : (memberships.find((m) => m.isCurrent) ?? memberships[0]);
  if (membership && !roleCan(membership.role, 'orders.place')) throw roleRefusal(membership.role);
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
  deps: Pick<CheckoutDeps, 'db' | 'seller' | 'now'>,
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
    spending: await spendingOf(db, userId, company.id, deps.now()),
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

/**
 * A cart line as an order item will be placed from it: its values, site and domain names, plan
 * and prices as they were read (decision 204: a purchase request keeps these until approved),
 * and the billing the order will have.
 */
export interface FrozenLine {
  siteId: string;
  siteHostname: string;
  buyerDomainId: string;
  buyerDomainHostname: string;
  nicheId: string;
  plan: { id: string; title: string } | null;
  price: string;
  contentPrice: string;
  wordCount: number | null;
  articleTopic: CartItemRow['articleTopic'];
  topic: string | null;
  anchorText: string;
  targetUrl: string;
  customId: string | null;
  comments: string | null;
  publishingDueDate: string | null;
  isTopicNeedsApproval: boolean;
}

/** The order's billing address with what its VAT is decided by. */
export interface FrozenBilling {
  address: OrderBilling;
  countryCode: string | null;
  vatNumber: string | null;
}

/** The cart's lines frozen with their prices now. */
export function freezeLines(rows: CartItemRow[], lookups: LineLookups): FrozenLine[] {
  return rows.map((row) => {
    const cents = linePriceCents(row, lookups);
    const plan = paidPlanOf(row.contentProductPlanId, lookups);
    return {
      siteId: row.siteId,
      siteHostname: lookups.sites.get(row.siteId) ?? '',
      buyerDomainId: row.buyerDomainId,
      buyerDomainHostname: lookups.domains.get(row.buyerDomainId) ?? '',
      nicheId: row.nicheId,
      plan: plan ? { id: plan.id, title: plan.title } : null,
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
    };
  });
}

/** The order's items: each frozen line with its guidelines. */
function orderItemsOf(
  lines: FrozenLine[],
  order: { id: string; number: string },
  paymentStatus: PaymentStatus,
  guidelines: Awaited<ReturnType<typeof freezeContentGuidelines>>,
  createdAt: Date,
) {
  return lines.map((line, index) => {
    const isArticleProvidedByBuyer = line.plan === null;
    return {
      orderId: order.id,
      number: `${order.number}-${index + 1}`,
      position: index + 1,
      status: initialOrderItemStatus({
        isArticleProvidedByBuyer,
        isTopicAwaited: line.articleTopic === 'i_will_write_my_topic' && !line.topic?.trim(),
        paymentStatus,
      }),
      siteId: line.siteId,
      siteHostname: line.siteHostname,
      buyerDomainId: line.buyerDomainId,
      buyerDomainHostname: line.buyerDomainHostname,
      nicheId: line.nicheId,
      contentProductPlanId: line.plan?.id ?? null,
      contentProductPlanTitle: line.plan?.title ?? null,
      price: line.price,
      contentPrice: line.contentPrice,
      wordCount: line.wordCount,
      articleTopic: line.articleTopic,
      topic: line.topic,
      anchorText: line.anchorText,
      targetUrl: line.targetUrl,
      customId: line.customId,
      comments: line.comments,
      publishingDueDate: line.publishingDueDate,
      isTopicNeedsApproval: line.isTopicNeedsApproval,
      isArticleProvidedByBuyer,
      isTopicProvidedByBuyer: line.articleTopic === 'i_will_write_my_topic',
      isRequestedEdits: false,
      liveLink: null,
      publishedAt: null,
      contentGuidelines: guidelines,
      statusChangedAt: createdAt,
      createdAt,
    };
  });
}

/** The cart read for an order: the company, its billing and the lines frozen, cart locked. */
export interface PreparedCart {
  company: CompanyRow;
  billing: FrozenBilling;
  cartItemIds: string[];
  lines: FrozenLine[];
  netCents: number;
}

/**
 * Reads the whole cart for an order in `tx`, locked: every line checked again and frozen with its
 * prices now. Shared by placing an order and sending it for approval.
 */
export async function prepareCart(
  { now }: Pick<CheckoutDeps, 'now'>,
  tx: Database,
  userId: string,
  body: ParsedOrderCreate,
): Promise<PreparedCart> {
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
  const lines = freezeLines(rows, lookups);
  const netCents = lines.reduce(
    (sum, line) => sum + moneyToCents(line.price) + moneyToCents(line.contentPrice),
    0,
  );
  return { company, billing, cartItemIds: rows.map((row) => row.id), lines, netCents };
}

/** What an order is placed from: frozen lines, the buyer's choices, and who placed it. */
export interface FrozenOrder {
  /** The order's buyer. */
  userId: string;
  /** Who placed it, for the company's record: the buyer, or the approver of their request. */
  actorUserId: string;
  company: Pick<CompanyRow, 'id' | 'title'>;
  billing: FrozenBilling;
  lines: FrozenLine[];
  paymentMethod: PaymentMethod;
  poNumber: string | null;
  invoiceEmails: string[];
}

/**
 * Turns the whole cart into an order in `tx` (the request's transaction, decision 044): every line
 * checked again, paid or its payment checked, prices and VAT frozen, the cart emptied. A Buyer
 * whose order would go over their monthly limit is refused: the app sends it for approval.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  tx: Database,
  userId: string,
  body: ParsedOrderCreate,
): Promise<Order> {
  const prepared = await prepareCart(deps, tx, userId, body);
  const spending = await spendingOf(tx, userId, prepared.company.id, deps.now());
  if (spending && isOverLimit(spending, prepared.netCents)) {
    throw new ApiError(422, OVER_LIMIT_MESSAGE);
  }
  const order = await placeFrozenOrder(deps, tx, {
    userId,
    actorUserId: userId,
    company: prepared.company,
    billing: prepared.billing,
    lines: prepared.lines,
    paymentMethod: body.payment_method,
    poNumber: body.po_number,
    invoiceEmails: body.invoice_emails,
  });
  await deleteCartItems(tx, userId, prepared.cartItemIds);
  return order;
}

/** Whether an order of `netCents` would take the Buyer's month over their limit. */
export function isOverLimit(spending: Spending, netCents: number): boolean {
  return isOverMonthlyLimit(spending, centsToMoney(netCents));
}

/** A Buyer's monthly limit in the company with what they spent and what waits; null: none. */
export async function spendingOf(
  db: Database,
  userId: string,
  companyId: string,
  at: Date,
): Promise<Spending | null> {
  const member = await findMemberLimit(db, userId, companyId);
  if (!member || member.role !== 'buyer' || member.monthlyLimit === null) return null;
  return {
    monthly_limit: member.monthlyLimit,
    spent_this_month: await spentThisMonth(db, { userId, companyId, at }),
    waiting_for_approval: await sumPendingRequests(db, userId, companyId),
  };
}

/**
 * Places an order of frozen lines in `tx`: paid or its payment checked, VAT decided on the frozen
 * billing, the items stored, invoiced, and recorded in the company's record. The cart is not
 * touched (placeOrder empties it; an approved purchase request was emptied when it was made).
 */
export async function placeFrozenOrder(
  { now, seller, documents, payee, isAuditAtClock }: CheckoutDeps,
  tx: Database,
  input: FrozenOrder,
): Promise<Order> {
  const { userId, company, billing, lines } = input;
  const totals = totalsOf(
    seller,
    lines.length,
    lines.reduce((sum, line) => sum + moneyToCents(line.price), 0),
    lines.reduce((sum, line) => sum + moneyToCents(line.contentPrice), 0),
    billing,
  );
  const gross = centsToMoney(totals.grossCents);
  const method = input.paymentMethod;
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
    poNumber: input.poNumber,
    invoiceEmails: input.invoiceEmails,
    billing: billing.address,
    paymentMethod: method,
    paymentStatus,
    status: 'processing',
    price: centsToMoney(totals.netCents),
    vat: centsToMoney(totals.vatCents),
    vatRateBasisPoints: totals.vat.rateBasisPoints,
    vatTreatment: totals.vat.treatment,
    priceWithVat: gross,
    linksAmount: lines.length,
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
    orderItemsOf(lines, { id: order.id, number }, paymentStatus, guidelines, createdAt),
  );
  const placedBy = await findPlacer(tx, userId);
  await recordOrder(tx, input, {
    number,
    gross,
    method,
    at: isAuditAtClock ? createdAt : undefined,
    buyer: placedBy,
  });
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
    placedBy,
    // Whoever orders (or approves a request) holds a role that sees prices (decision 206).
    seesPrices: true,
  });
}

/**
 * The company's record of the order: placed, and the payment method used. An order an approver
 * placed for a requester names its buyer, whom the record would not show otherwise.
 */
async function recordOrder(
  tx: Database,
  input: FrozenOrder,
  order: {
    number: string;
    gross: string;
    method: PaymentMethod;
    at: Date | undefined;
    buyer: { id: string; firstName: string; lastName: string } | null;
  },
): Promise<void> {
  const common = {
    companyId: input.company.id,
    actorUserId: input.actorUserId,
    ...(order.at ? { at: order.at } : {}),
  };
  await appendAuditEvent(tx, {
    ...common,
    action: 'order.placed',
    subject: order.number,
    details: {
      total: order.gross,
      payment_method: PAYMENT_METHOD_TITLES[order.method],
      ...(order.buyer && order.buyer.id !== input.actorUserId
        ? { buyer: `${order.buyer.firstName} ${order.buyer.lastName}`.trim() }
        : {}),
    },
  });
  await appendAuditEvent(tx, {
    ...common,
    action: 'payment_method.used',
    subject: PAYMENT_METHOD_TITLES[order.method],
    details: { order: order.number, amount: order.gross },
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
): Promise<FrozenBilling> {
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

async function paymentProblem(
  { seller }: Pick<CheckoutDeps, 'seller'>,
  tx: Database,
  userId: string,
  { company, billing, lines }: PreparedCart,
  method: PaymentMethod,
): Promise<string | null> {
  if (method === 'bank_transfer') return null;
  const { grossCents } = totalsOf(
    seller,
    lines.length,
    lines.reduce((sum, line) => sum + moneyToCents(line.price), 0),
    lines.reduce((sum, line) => sum + moneyToCents(line.contentPrice), 0),
    billing,
  );
  const account = await accountBilling(tx, userId, { companyId: company.id });
  if (!account) return COMPANY_NOT_FOUND_MESSAGE;
  return method === 'credits'
    ? creditsProblem(account.credits_balance, grossCents)
    : payByBillProblem(account, grossCents);
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
