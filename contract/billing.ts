// What a buyer may spend for a company (decision 168): the company's credit balance and the
// buyer's pay-by-bill figures, one answer that the companies screen explains and checkout's
// payment methods show under the same names.
import { z } from 'zod';

import { MoneySchema } from './profile.ts';

/** The one name of each figure, wherever it is shown. */
export const BILLING_FIGURE_NAMES = {
  credit_balance: 'Credit balance',
  pay_by_bill_limit: 'Pay-by-bill limit',
  unpaid_pay_by_bill: 'Unpaid pay-by-bill orders',
  available_to_pay_by_bill: 'Available to pay by bill',
} as const;

/**
 * What keeps "available to pay by bill" where it is: pay by bill is not allowed to the company,
 * the buyer's own limit, or the company's limit for all its buyers together (which leaves less).
 */
export const PAY_BY_BILL_BOUNDS = ['not_allowed', 'your_limit', 'company_limit'] as const;
export type PayByBillBound = (typeof PAY_BY_BILL_BOUNDS)[number];

/**
 * GET /api/v1/buyer/profiles/accounts/{id}/billing. Every amount is with VAT: credits and pay by
 * bill pay an order's total with VAT.
 */
export const AccountBillingSchema = z.object({
  account: z.string(),
  company: z.object({ id: z.string(), title: z.string() }),
  /** Prepaid credits of the company, shared by its buyers; orders paid with credits take from it. */
  credits_balance: MoneySchema,
  is_pay_by_bill_allowed: z.boolean(),
  /** The buyer's credit limit in this company: the most their unpaid pay-by-bill orders may total. */
  pay_by_bill_limit: MoneySchema,
  /** The buyer's pay-by-bill orders for this company not yet paid, less cancelled items. */
  unpaid_pay_by_bill: MoneySchema,
  /** What a new pay-by-bill order may cost now; 0.00 when pay by bill is not allowed. */
  available_to_pay_by_bill: MoneySchema,
  /** The company's limit for the unpaid pay-by-bill orders of all its buyers together. */
  company_pay_by_bill_limit: MoneySchema,
  /** The unpaid pay-by-bill orders of all the company's buyers. */
  company_unpaid_pay_by_bill: MoneySchema,
  bound: z.enum(PAY_BY_BILL_BOUNDS),
});
export type AccountBilling = z.infer<typeof AccountBillingSchema>;
