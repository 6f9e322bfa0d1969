// Orders on the wire (spec §3 "Order", "Order create payload", §4 statuses, §7 "Orders", §8):
// placing an order from the cart and the payment methods. The order item life cycle and the
// buyer's item calls build on these.
import { z } from 'zod';

import { MAX_CART_ITEMS } from './cart.ts';
import { COUNTRY_ID_DESCRIPTION, INVALID_COUNTRY_MESSAGE } from './reference-data.ts';
import { VAT_TREATMENTS } from './vat.ts';

export const ORDER_STATUSES = ['processing', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'pending_payment',
  'approved',
  'paid',
  'refunded',
  'failed',
  'cancelled',
  'created',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['bank_transfer', 'credits', 'pay_by_bill'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_TITLES: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  credits: 'Credits',
  pay_by_bill: 'Pay by bill',
};

export const ORDER_ITEM_STATUSES = [
  'waiting_for_content',
  'in_progress',
  'processing',
  'ready_for_publication',
  'sent_for_publication',
  'cancelled',
  'live_link',
  'update_link_article',
  'topic_ready_for_approval',
  'content_ready_for_approval',
] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

export const INSUFFICIENT_CREDITS_MESSAGE =
  'Your available credits are not enough to cover the total price.';
export const BILL_LIMIT_MESSAGE =
  'You have exceeded orders limit. If you have any questions please contact the support team.';
export const PAY_BY_BILL_NOT_ALLOWED_MESSAGE = 'Pay by bill is not available for this company.';
/** A member whose account in the company was given no pay-by-bill limit (decision 210). */
export const NO_BILL_LIMIT_MESSAGE =
  'Your account has no pay-by-bill limit for this company. If you need one, please contact the support team.';
export const COMPANY_NOT_FOUND_MESSAGE = 'Company not found.';
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';
export const IDEMPOTENCY_MISMATCH_MESSAGE =
  'This Idempotency-Key was already used with a different request.';
export const IDEMPOTENCY_IN_FLIGHT_MESSAGE =
  'A request with this Idempotency-Key is still being processed.';
export const MAX_INVOICE_EMAILS = 10;
/** A 409 to an order whose `lines` no longer match the cart: nothing was ordered or charged. */
export const CART_CHANGED_MESSAGE =
  'Your cart changed after this page showed it. Nothing was ordered or charged: check the lines marked and press Order now again.';
/** On a line of the cart whose version is not the one the order names (or that it does not name). */
export const LINE_CHANGED_MESSAGE =
  'This line changed after the page showed it. Its current values are shown now.';
/** On a line the order names that is no longer in the cart. */
export const LINE_GONE_MESSAGE = 'This line is no longer in your cart.';

/** The billing address of one order (spec §3 "Billing"); prefilled from the company. */
export const BillingSchema = z
  .object({
    business_name: z.string().trim().min(1, 'This value should not be blank.').max(255),
    country_id: z
      .uuid({
        error: (issue) =>
          issue.input === undefined || issue.input === '' || issue.input === null
            ? 'This value should not be blank.'
            : INVALID_COUNTRY_MESSAGE,
      })
      .describe(COUNTRY_ID_DESCRIPTION),
    city: z.string().trim().min(1, 'This value should not be blank.').max(255),
    address: z.string().trim().min(1, 'This value should not be blank.').max(500),
    zip_code: z.string().trim().min(1, 'This value should not be blank.').max(32),
    vat_number: z
      .string()
      .trim()
      .max(32)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
  })
  .strict();
export type Billing = z.infer<typeof BillingSchema>;

/**
 * POST /api/v1/buyer/orders (spec §3 "Order create payload"), with the `Idempotency-Key` header.
 * `billing` (optional; default: the company's own address) is the invoice address of this order
 * and decides its VAT (decision 030). Answer 201: the Order. Line problems answer 400 with
 * violations `items[index].field` (index = position in the cart list, newest first;
 * `parameters.id` = the cart item's id).
 *
 * `lines` names every cart line the buyer's screen read, with the `version` it read. When given,
 * the cart must hold exactly these lines at these versions, else the answer is 409
 * (`CART_CHANGED_MESSAGE`) with a violation per line: `items[index]` (`LINE_CHANGED_MESSAGE`, its
 * `parameters.id` and `parameters.site`, the site's hostname) for a line changed, added or not
 * named, and `lines[index]` (`LINE_GONE_MESSAGE`, `parameters.id`) for a line no longer in the
 * cart. Nothing is ordered or charged then. The portal always sends it.
 */
export const OrderCreateSchema = z
  .object({
    company: z.uuid(),
    po_number: z
      .string()
      .trim()
      .max(64)
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    invoice_emails: z
      .array(z.email('Invalid email'))
      .min(1, 'Add at least one invoice e-mail.')
      .max(MAX_INVOICE_EMAILS),
    payment_method: z.enum(PAYMENT_METHODS),
    billing: BillingSchema.optional(),
    lines: z
      .array(z.object({ id: z.uuid(), version: z.string().min(1).max(64) }).strict())
      .max(MAX_CART_ITEMS)
      .refine((lines) => new Set(lines.map((line) => line.id)).size === lines.length, {
        message: 'Each line may be named once.',
      })
      .optional(),
  })
  .strict();
export type OrderCreate = z.input<typeof OrderCreateSchema>;

export const FileRefSchema = z.object({ id: z.uuid(), file_name: z.string() });

export const InvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  file: FileRefSchema.nullable(),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
});

/**
 * How to pay an order whose bank transfer is awaited (decision 168): what its invoice asks for, so
 * that the buyer can pay without opening the PDF. Null once paid, and for any other method.
 */
export const PaymentInstructionsSchema = z.object({
  /** The seller, who holds the account. */
  account_holder: z.string(),
  /** Electronic format, without spaces; null when the seller's account names no IBAN. */
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  /** The account as the invoice prints it. */
  bank_account: z.string(),
  /** The invoice's amount with VAT. */
  amount: z.string(),
  /** What the transfer must quote: the invoice number. */
  reference: z.string(),
  /** YYYY-MM-DD. */
  due_date: z.string(),
});
export type PaymentInstructions = z.infer<typeof PaymentInstructionsSchema>;

export const PRICE_HIDDEN_DESCRIPTION = 'null when the company hides prices from Viewers';

/**
 * A money amount of a company's order, item or link: a decimal string, or null for a Viewer of a
 * company that hides prices from Viewers (decision 206).
 */
export const HideablePriceSchema = z.string().nullable().describe(PRICE_HIDDEN_DESCRIPTION);

/** A member of the company who placed or last changed something, as named now. */
export const MemberRefSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
});
export type MemberRef = z.infer<typeof MemberRefSchema>;

export const OrderSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  /** Human order number, e.g. "100042". */
  number: z.string(),
  po_number: z.string().nullable(),
  /** Net; this and every money amount below: null when the company hides prices from Viewers. */
  price: HideablePriceSchema,
  vat: HideablePriceSchema,
  vat_rate: z.string(),
  vat_treatment: z.enum(VAT_TREATMENTS),
  price_with_vat: HideablePriceSchema,
  /** Every item ordered, cancelled ones included. */
  links_amount: z.number().int(),
  /** Items cancelled since: links_amount less these are the links still bought. */
  cancelled_links_amount: z.number().int(),
  live_links_amount: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  company: z.object({ id: z.uuid(), title: z.string() }),
  /** The member who placed the order (its buyer). */
  placed_by: MemberRefSchema.nullable(),
  invoice_emails: z.array(z.string()),
  billing: BillingSchema.extend({ vat_number: z.string().nullable() }),
  payment_method: z.enum(PAYMENT_METHODS),
  payment: z.object({ status: z.enum(PAYMENT_STATUSES), method: z.enum(PAYMENT_METHODS) }),
  invoice: InvoiceSchema.nullable(),
  /**
   * The order's money with VAT (decision 167): charged (price_with_vat), credited (the sum of its
   * credit notes), paid (received; for credits, taken at checkout) and still due.
   */
  amounts: z.object({
    charged: HideablePriceSchema,
    credited: HideablePriceSchema,
    paid: HideablePriceSchema,
    due: HideablePriceSchema,
  }),
  /** Null also when the company hides prices from Viewers (they carry the amount). */
  payment_instructions: PaymentInstructionsSchema.nullable(),
  credit_note: z
    .object({ id: z.uuid(), number: z.string(), file: FileRefSchema.nullable() })
    .nullable(),
  /** Messages on the order's items the reader has not read (decision 213). */
  unread_messages: z.number().int(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * GET /api/v1/buyer/orders/payment-methods?company=: each method with whether it can pay the
 * current cart for that company now, and why not.
 */
export const PaymentMethodOptionSchema = z.object({
  id: z.enum(PAYMENT_METHODS),
  title: z.string(),
  is_available: z.boolean(),
  /** Why it is not available (the spec's messages), else null. */
  unavailable_reason: z.string().nullable(),
  /**
   * The figure of the account's billing (decision 168): credits, the credit balance; pay by bill,
   * what is available to pay by bill. Null for a bank transfer and where pay by bill is not allowed.
   */
  available_amount: z.string().nullable(),
});
export type PaymentMethodOption = z.infer<typeof PaymentMethodOptionSchema>;

export const PaymentMethodListSchema = z.object({ data: z.array(PaymentMethodOptionSchema) });
export const PaymentMethodQuerySchema = z.object({ company: z.uuid().optional() }).strict();

export const OrderIdParamsSchema = z.object({ id: z.uuid() });
