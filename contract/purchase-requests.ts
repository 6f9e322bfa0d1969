// Purchase requests (decision 204): an order over a Buyer's monthly limit is not placed but sent
// for approval with its lines and prices frozen. The checkout reads `spending` in the cart's
// defaults and, when the cart would go over the limit, sends the same body as an order to
// `POST /purchase-requests` instead of `POST /orders` (which refuses it with 422). An Owner or
// Admin of the company approves it (the order is placed with the requester as its buyer, once)
// or declines it with a reason; the requester follows its state.
import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from './endpoint-schemas.ts';
import { OrderCreateSchema, PAYMENT_METHODS } from './orders.ts';
import { listOf, pageQuerySchema } from './pagination.ts';
import { inObject, OWN_ACCOUNT } from './permissions.ts';
import { MoneySchema } from './profile.ts';

export const PURCHASE_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type PurchaseRequestStatus = (typeof PURCHASE_REQUEST_STATUSES)[number];

export const PURCHASE_REQUEST_STATUS_LABELS: Record<PurchaseRequestStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export const OVER_LIMIT_MESSAGE =
  'This order would go over your monthly limit: send it for approval instead.';
export const WITHIN_LIMIT_MESSAGE =
  'This order is within your monthly limit (or no limit applies): place it as an order.';
export const PURCHASE_REQUEST_NOT_FOUND_MESSAGE = 'This purchase request does not exist.';
export const PURCHASE_REQUEST_DECIDED_MESSAGE = 'This purchase request has already been decided.';
export const SITE_GONE_MESSAGE =
  'A site of this request is no longer in the catalogue: decline it and ask for a new one.';
export const REQUESTER_GONE_MESSAGE =
  'The person who asked is no longer a member of the company: decline the request.';
/** An approval whose payment cannot be made now, in the approver's words (decision 210). */
export const CREDITS_SHORT_FOR_REQUEST_MESSAGE =
  "The company's credits are not enough to pay this request now: top them up, or decline the request.";
export const BILL_LIMIT_SHORT_FOR_REQUEST_MESSAGE =
  "The requester's pay-by-bill limit does not cover this request now: decline it, or ask the support team to raise the limit.";
export const DECLINE_REASON_MAX = 1000;

/** One frozen line, as the order item will be placed from it. */
export const PurchaseRequestLineSchema = z.object({
  site: z.object({ id: z.uuid(), hostname: z.string() }),
  buyer_domain: z.string(),
  content_product_plan: z.string().nullable(),
  anchor_text: z.string(),
  target_url: z.string(),
  price: MoneySchema,
  content_price: MoneySchema,
});
export type PurchaseRequestLine = z.infer<typeof PurchaseRequestLineSchema>;

const PersonSchema = z.object({ id: z.uuid().nullable(), name: z.string() });

export const PurchaseRequestSchema = z.object({
  id: z.uuid(),
  /** PR-1001, … */
  number: z.string(),
  status: z.enum(PURCHASE_REQUEST_STATUSES),
  company: z.object({ id: z.uuid(), title: z.string() }),
  requester: PersonSchema,
  created_at: z.iso.datetime({ offset: true }),
  /** Net euro of the lines, excl. VAT. */
  price: MoneySchema,
  items_amount: z.number().int(),
  payment_method: z.enum(PAYMENT_METHODS),
  po_number: z.string().nullable(),
  invoice_emails: z.array(z.string()),
  lines: z.array(PurchaseRequestLineSchema),
  decided_by: PersonSchema.nullable(),
  decided_at: z.iso.datetime({ offset: true }).nullable(),
  decline_reason: z.string().nullable(),
  /** The order placed on approval. */
  order: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  /** Whether the caller may approve or decline it now. */
  can_decide: z.boolean(),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequestSchema>;

export const PurchaseRequestListSchema = listOf(PurchaseRequestSchema);

/** `mine`: the caller's own requests; `to_decide`: those of the companies they approve for. */
export const PURCHASE_REQUEST_VIEWS = ['mine', 'to_decide'] as const;

export const PurchaseRequestQuerySchema = pageQuerySchema({
  defaultLimit: 25,
  maxLimit: 100,
}).extend({
  view: z.enum(PURCHASE_REQUEST_VIEWS).default('mine'),
  status: z.enum(PURCHASE_REQUEST_STATUSES).optional(),
});
export type PurchaseRequestQuery = z.input<typeof PurchaseRequestQuerySchema>;

export const DeclineSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the request is declined.')
    .max(DECLINE_REASON_MAX, `Use at most ${DECLINE_REASON_MAX} characters.`),
});
export type Decline = z.input<typeof DeclineSchema>;

const tagged = { access: 'buyer', tags: ['Purchase requests'] } as const;

export const purchaseRequestEndpoints = {
  create: endpoint({
    ...tagged,
    method: 'POST',
    path: '/v1/buyer/purchase-requests',
    permission: inObject('orders.place'),
    summary: 'Sends the whole cart for approval, as an order over the monthly limit',
    description:
      'Takes the body of `POST /orders`. Only for a Buyer whose order would go over their monthly limit (otherwise 422): the lines are checked as an order’s, frozen with their prices, and the cart is emptied. The company’s Owners and Admins are mailed. A repeat with the same Idempotency-Key answers the first answer.',
    headers: IdempotencyHeadersSchema,
    body: OrderCreateSchema,
    status: 201,
    response: PurchaseRequestSchema,
    errors: [400, 401, 403, 404, 409, 422],
  }),
  list: endpoint({
    ...tagged,
    method: 'GET',
    path: '/v1/buyer/purchase-requests',
    permission: OWN_ACCOUNT,
    summary: 'The caller’s purchase requests, or those waiting for their decision (pending first)',
    description:
      '`view=to_decide` lists the requests of every company where the caller approves purchases (403 when none), pending first; `view=mine` the caller’s own, newest first. `status` keeps the requests in that state (`status=pending&limit=1` answers in `pagination.total` how many wait).',
    query: PurchaseRequestQuerySchema,
    status: 200,
    response: PurchaseRequestListSchema,
    errors: [400, 401, 403],
  }),
  approve: endpoint({
    ...tagged,
    method: 'POST',
    path: '/v1/buyer/purchase-requests/{id}/approval',
    permission: inObject('purchases.approve'),
    summary: 'Approves a request: places its order with the frozen lines and prices',
    description:
      'The order is placed once, with the requester as its buyer; a repeat, or an approval of a request already approved, answers the request with its order. A request whose site left the catalogue, or whose payment cannot be made now, is answered 422 and stays pending.',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    status: 200,
    response: PurchaseRequestSchema,
    errors: [401, 403, 404, 409, 422],
  }),
  decline: endpoint({
    ...tagged,
    method: 'POST',
    path: '/v1/buyer/purchase-requests/{id}/decline',
    permission: inObject('purchases.approve'),
    summary: 'Declines a pending request with a reason the requester reads',
    params: IdParamsSchema,
    body: DeclineSchema,
    status: 200,
    response: PurchaseRequestSchema,
    errors: [400, 401, 403, 404, 409],
  }),
};
