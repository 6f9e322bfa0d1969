// Purchase requests (decision 204): a Buyer's order over their monthly limit, frozen with its
// prices and sent to the company's Owners and Admins, who approve it (the order is placed through
// checkout's own placing code, with the requester as its buyer, once) or decline it with a reason.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { centsToMoney } from '#contract/money.ts';
import {
  BILL_LIMIT_MESSAGE,
  INSUFFICIENT_CREDITS_MESSAGE,
  NO_BILL_LIMIT_MESSAGE,
  type OrderCreateSchema,
} from '#contract/orders.ts';
import { roleCan } from '#contract/permissions.ts';
import {
  BILL_LIMIT_SHORT_FOR_REQUEST_MESSAGE,
  CREDITS_SHORT_FOR_REQUEST_MESSAGE,
  PURCHASE_REQUEST_DECIDED_MESSAGE,
  PURCHASE_REQUEST_NOT_FOUND_MESSAGE,
  type PurchaseRequest,
  type PurchaseRequestLine,
  type PurchaseRequestQuerySchema,
  REQUESTER_GONE_MESSAGE,
  SITE_GONE_MESSAGE,
  WITHIN_LIMIT_MESSAGE,
} from '#contract/purchase-requests.ts';
import type { Clock } from '#server/clock.ts';
import { appendAuditEvent } from '#server/db/audit-events.ts';
import type { Database } from '#server/db/database.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { companiesWhere, membershipsOf, requireIn } from '#server/http/member-access.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';

import {
  type CheckoutService,
  type FrozenBilling,
  type FrozenLine,
  isOverLimit,
} from '../checkout/checkout.service.ts';
import { purchaseDecidedMail, purchaseRequestedMail } from './purchase-request-mails.ts';
import {
  findApproverEmails,
  findExistingSites,
  findRequest,
  findUserEmail,
  insertRequest,
  inStatus,
  isMember,
  listRequests,
  lockRequest,
  nextRequestNumber,
  type PurchaseRequestRow,
  requestsIn,
  requestsOf,
  updateRequest,
} from './purchase-requests.repository.ts';

type ParsedOrderCreate = z.output<typeof OrderCreateSchema>;
type ParsedQuery = z.output<typeof PurchaseRequestQuerySchema>;

/** A frozen line as stored in `purchase_requests.lines`, with the order's billing. */
type StoredLine = FrozenLine & { billing: FrozenBilling };

export interface PurchaseRequestsService {
  create(
    tx: Database,
    request: FastifyRequest,
    userId: string,
    body: ParsedOrderCreate,
  ): Promise<PurchaseRequest>;
  list(
    request: FastifyRequest,
    userId: string,
    query: ParsedQuery,
  ): Promise<{
    data: PurchaseRequest[];
    pagination: { page: number; limit: number; total: number };
  }>;
  approve(
    tx: Database,
    request: FastifyRequest,
    userId: string,
    id: string,
  ): Promise<PurchaseRequest>;
  decline(
    request: FastifyRequest,
    userId: string,
    id: string,
    reason: string,
  ): Promise<PurchaseRequest>;
}

export interface PurchaseRequestsOptions {
  db: Database;
  now: Clock;
  mail: MailQueue;
  checkout: CheckoutService;
  publicUrl: string;
}

export function createPurchaseRequestsService(
  options: PurchaseRequestsOptions,
): PurchaseRequestsService {
  const link = `${options.publicUrl.replace(/\/$/, '')}`;
  return {
    create: (tx, request, userId, body) => createRequest(options, link, tx, request, userId, body),
    list: (request, userId, query) => listFor(options.db, request, userId, query),
    approve: (tx, request, userId, id) => approve(options, link, tx, request, userId, id),
    decline: (request, userId, id, reason) =>
      options.db.transaction((tx) => decline(options, link, tx, request, userId, id, reason)),
  };
}

async function createRequest(
  options: PurchaseRequestsOptions,
  link: string,
  tx: Database,
  request: FastifyRequest,
  userId: string,
  body: ParsedOrderCreate,
): Promise<PurchaseRequest> {
  const stored = await requestPurchase({ ...options, link }, tx, userId, body);
  return toWire(stored, await canDecide(request, stored.request.companyId, stored.request.status));
}

/** What a purchase request is made with, outside of any HTTP request (the demo seeds one). */
export interface RequestPurchaseDeps {
  checkout: Pick<CheckoutService, 'prepareCart' | 'spending' | 'paymentProblem' | 'emptyCart'>;
  mail: MailQueue;
  now: Clock;
  /** The portal's address, for the approvers' mail. */
  link: string;
  /**
   * Stamps the record of who did what with the change's own time (from \`now\`) rather than the
   * database's now(): set by the demo, whose history lies in the past.
   */
  isAuditAtClock?: boolean;
}

/**
 * Sends the user's whole cart for approval in `tx`: the cart read and frozen as checkout does, a
 * request only over the Buyer's monthly limit (422 otherwise), stored with its mails and record
 * (`storePurchaseRequest`), then the cart emptied. Answers the stored request.
 */
export async function requestPurchase(
  deps: RequestPurchaseDeps,
  tx: Database,
  userId: string,
  body: ParsedOrderCreate,
): Promise<NonNullable<PurchaseRequestRow>> {
  const { checkout } = deps;
  const prepared = await checkout.prepareCart(tx, userId, body);
  const spending = await checkout.spending(tx, userId, prepared.company.id);
  if (!spending || !isOverLimit(spending, prepared.netCents)) {
    throw new ApiError(422, WITHIN_LIMIT_MESSAGE);
  }
  // A request that could never be placed as asked is refused now, as the order would be.
  const problem = await checkout.paymentProblem(tx, userId, prepared, body.payment_method);
  if (problem) {
    throw new ApiError(422, problem, {
      violations: [{ path: 'payment_method', message: problem }],
    });
  }
  const stored = await storePurchaseRequest(deps, tx, {
    companyId: prepared.company.id,
    requesterUserId: userId,
    lines: prepared.lines,
    billing: prepared.billing,
    netCents: prepared.netCents,
    paymentMethod: body.payment_method,
    poNumber: body.po_number,
    invoiceEmails: body.invoice_emails,
  });
  await checkout.emptyCart(tx, userId, prepared.cartItemIds);
  return stored;
}

/** A purchase request to store: frozen lines and billing, and the requester's choices. */
export interface NewPurchaseRequest {
  companyId: string;
  requesterUserId: string;
  lines: FrozenLine[];
  billing: FrozenBilling;
  netCents: number;
  paymentMethod: ParsedOrderCreate['payment_method'];
  poNumber: string | null;
  invoiceEmails: string[];
}

/**
 * Stores a pending purchase request of frozen lines in `tx`, numbered, with its entry in the
 * company's record and a mail to each approver, and answers it as stored.
 */
export async function storePurchaseRequest(
  { mail, now, link, isAuditAtClock }: Omit<RequestPurchaseDeps, 'checkout'>,
  tx: Database,
  input: NewPurchaseRequest,
): Promise<NonNullable<PurchaseRequestRow>> {
  const lines: StoredLine[] = input.lines.map((line) => ({ ...line, billing: input.billing }));
  const price = centsToMoney(input.netCents);
  const createdAt = now();
  const row = await insertRequest(tx, {
    number: await nextRequestNumber(tx),
    companyId: input.companyId,
    requesterUserId: input.requesterUserId,
    paymentMethod: input.paymentMethod,
    poNumber: input.poNumber,
    invoiceEmails: input.invoiceEmails,
    lines,
    price,
    createdAt,
  });
  await appendAuditEvent(tx, {
    companyId: row.companyId,
    actorUserId: input.requesterUserId,
    action: 'purchase.requested',
    subject: row.number,
    ...(isAuditAtClock ? { at: createdAt } : {}),
    details: { total_excl_vat: price, items: String(lines.length) },
  });
  const stored = await findRequest(tx, row.id);
  if (!stored) throw new Error('The purchase request was not stored');
  for (const to of await findApproverEmails(tx, row.companyId)) {
    await mail.send(
      purchaseRequestedMail(
        to,
        {
          number: row.number,
          price,
          companyTitle: stored.companyTitle,
          requesterName: stored.requesterName,
          itemsAmount: lines.length,
        },
        `${link}/purchase-requests`,
      ),
      tx,
    );
  }
  return stored;
}

async function listFor(db: Database, request: FastifyRequest, userId: string, query: ParsedQuery) {
  const { page, limit } = query;
  let where;
  if (query.view === 'to_decide') {
    const companyIds = await companiesWhere(request, 'purchases.approve');
    if (companyIds.length === 0) {
      throw new ApiError(403, 'Your role does not allow approving purchase requests.');
    }
    where = requestsIn(companyIds);
  } else {
    where = requestsOf(userId);
  }
  const { rows, total } = await listRequests(
    db,
    inStatus(where, query.status),
    query.view === 'to_decide',
    {
      offset: (page - 1) * limit,
      limit,
    },
  );
  const memberships = await membershipsOf(request);
  const data = rows.map((row) => {
    const role = memberships.find((m) => m.companyId === row.request.companyId)?.role;
    const can = row.request.status === 'pending' && !!role && roleCan(role, 'purchases.approve');
    return toWire(row, can);
  });
  return { data, pagination: { page, limit, total } };
}

/** The request, locked, once the caller may decide in its company (404 / 403 otherwise). */
async function lockToDecide(tx: Database, request: FastifyRequest, id: string) {
  const row = await lockRequest(tx, id);
  if (!row) throw notFound(PURCHASE_REQUEST_NOT_FOUND_MESSAGE);
  await requireIn(request, row.companyId, 'purchases.approve').catch((error: unknown) => {
    if (error instanceof ApiError && error.statusCode === 404) {
      throw notFound(PURCHASE_REQUEST_NOT_FOUND_MESSAGE);
    }
    throw error;
  });
  return row;
}

/** A payment's refusal, said to the approver rather than to the requester it was written for. */
function forApprover(message: string): string {
  if (message === INSUFFICIENT_CREDITS_MESSAGE) return CREDITS_SHORT_FOR_REQUEST_MESSAGE;
  if (message === BILL_LIMIT_MESSAGE || message === NO_BILL_LIMIT_MESSAGE) {
    return BILL_LIMIT_SHORT_FOR_REQUEST_MESSAGE;
  }
  return message;
}

async function approve(
  { checkout, mail, now }: PurchaseRequestsOptions,
  link: string,
  tx: Database,
  request: FastifyRequest,
  userId: string,
  id: string,
): Promise<PurchaseRequest> {
  const row = await lockToDecide(tx, request, id);
  if (row.status === 'approved') return answer(tx, request, id);
  if (row.status !== 'pending') throw new ApiError(409, PURCHASE_REQUEST_DECIDED_MESSAGE);
  if (!(await isMember(tx, row.requesterUserId, row.companyId))) {
    throw new ApiError(422, REQUESTER_GONE_MESSAGE);
  }
  const lines = row.lines as StoredLine[];
  const existing = await findExistingSites(
    tx,
    lines.map((line) => line.siteId),
  );
  if (lines.some((line) => !existing.has(line.siteId))) throw new ApiError(422, SITE_GONE_MESSAGE);
  const billing = lines[0]!.billing;
  const companyTitle = (await findRequest(tx, id))?.companyTitle ?? billing.address.business_name;
  const order = await checkout
    .placeFrozenOrder(tx, {
      userId: row.requesterUserId,
      actorUserId: userId,
      company: { id: row.companyId, title: companyTitle },
      billing,
      lines: lines.map(({ billing: _billing, ...line }) => line),
      paymentMethod: row.paymentMethod,
      poNumber: row.poNumber,
      invoiceEmails: row.invoiceEmails,
    })
    .catch((error: unknown) => {
      // A payment that cannot be made now (credits, the pay-by-bill limit): it stays pending.
      if (error instanceof ApiError && error.statusCode === 400) {
        const message = forApprover(error.message);
        throw new ApiError(422, message, {
          violations: error.options.violations?.map((violation) => ({ ...violation, message })),
        });
      }
      throw error;
    });
  await updateRequest(tx, id, {
    status: 'approved',
    decidedByUserId: userId,
    decidedAt: now(),
    orderId: order.id,
  });
  await appendAuditEvent(tx, {
    companyId: row.companyId,
    actorUserId: userId,
    action: 'purchase.approved',
    subject: row.number,
    details: { order: order.number, total_excl_vat: row.price },
  });
  await mailRequester(mail, tx, link, row, {
    decision: 'approved',
    orderNumber: order.number,
    reason: null,
  });
  return answer(tx, request, id);
}

async function decline(
  { mail, now }: PurchaseRequestsOptions,
  link: string,
  tx: Database,
  request: FastifyRequest,
  userId: string,
  id: string,
  reason: string,
): Promise<PurchaseRequest> {
  const row = await lockToDecide(tx, request, id);
  if (row.status !== 'pending') throw new ApiError(409, PURCHASE_REQUEST_DECIDED_MESSAGE);
  await updateRequest(tx, id, {
    status: 'declined',
    decidedByUserId: userId,
    decidedAt: now(),
    declineReason: reason,
  });
  await appendAuditEvent(tx, {
    companyId: row.companyId,
    actorUserId: userId,
    action: 'purchase.declined',
    subject: row.number,
    details: { reason },
  });
  await mailRequester(mail, tx, link, row, { decision: 'declined', orderNumber: null, reason });
  return answer(tx, request, id);
}

async function mailRequester(
  mail: MailQueue,
  tx: Database,
  link: string,
  row: { requesterUserId: string; number: string; price: string; companyId: string },
  decision: {
    decision: 'approved' | 'declined';
    orderNumber: string | null;
    reason: string | null;
  },
) {
  const to = await findUserEmail(tx, row.requesterUserId);
  if (!to) return;
  await mail.send(
    purchaseDecidedMail(
      to,
      { number: row.number, price: row.price, companyTitle: '', ...decision },
      `${link}/orders`,
    ),
    tx,
  );
}

async function answer(tx: Database, request: FastifyRequest, id: string) {
  const row = await findRequest(tx, id);
  if (!row) throw notFound(PURCHASE_REQUEST_NOT_FOUND_MESSAGE);
  return toWire(row, await canDecide(request, row.request.companyId, row.request.status));
}

async function canDecide(request: FastifyRequest, companyId: string, status: string) {
  if (status !== 'pending') return false;
  const role = (await membershipsOf(request)).find((m) => m.companyId === companyId)?.role;
  return !!role && roleCan(role, 'purchases.approve');
}

function toWire(row: NonNullable<PurchaseRequestRow>, canDecideIt: boolean): PurchaseRequest {
  const r = row.request;
  const lines = (r.lines as StoredLine[]).map((line): PurchaseRequestLine => ({
    site: { id: line.siteId, hostname: line.siteHostname },
    buyer_domain: line.buyerDomainHostname,
    content_product_plan: line.plan?.title ?? null,
    anchor_text: line.anchorText,
    target_url: line.targetUrl,
    price: line.price,
    content_price: line.contentPrice,
  }));
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    company: { id: r.companyId, title: row.companyTitle },
    requester: { id: r.requesterUserId, name: row.requesterName },
    created_at: r.createdAt.toISOString(),
    price: r.price,
    items_amount: lines.length,
    payment_method: r.paymentMethod,
    po_number: r.poNumber,
    invoice_emails: r.invoiceEmails,
    lines,
    decided_by: r.decidedAt
      ? { id: r.decidedByUserId, name: row.deciderName ?? 'Former member' }
      : null,
    decided_at: r.decidedAt?.toISOString() ?? null,
    decline_reason: r.declineReason,
    order: r.orderId && row.orderNumber ? { id: r.orderId, number: row.orderNumber } : null,
    can_decide: canDecideIt,
  };
}
