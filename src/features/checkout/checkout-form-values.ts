/** The checkout form's values, their rules, and the order request made from them. */
import { z } from 'zod';
import { NOT_BLANK_MESSAGE, type CartDefaults } from '#contract/cart.ts';
import type { Violation } from '#contract/errors.ts';
import { MAX_INVOICE_EMAILS, PAYMENT_METHODS, type OrderCreate } from '#contract/orders.ts';
import { parseViolationPath } from '#contract/violation-path.ts';

const required = (max: number) => z.string().trim().min(1, NOT_BLANK_MESSAGE).max(max);

export const CheckoutFormSchema = z.object({
  business_name: required(255),
  country_id: z.string().min(1, NOT_BLANK_MESSAGE),
  city: required(255),
  address: required(500),
  zip_code: required(32),
  vat_number: z.string().trim().max(32),
  invoice_emails: z
    .array(z.object({ value: z.string().trim().pipe(z.email('Invalid email')) }))
    .min(1, 'Add at least one invoice e-mail.')
    .max(MAX_INVOICE_EMAILS),
  po_number: z.string().trim().max(64),
  payment_method: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method.' }),
});
export type CheckoutFormValues = z.input<typeof CheckoutFormSchema>;
export type CheckoutFormField =
  | Exclude<keyof CheckoutFormValues, 'invoice_emails'>
  | `invoice_emails.${number}.value`
  | 'invoice_emails';

export function defaultFormValues(
  defaults: CartDefaults,
  paymentMethod: CheckoutFormValues['payment_method'] | undefined,
): CheckoutFormValues {
  const { company } = defaults;
  const emails =
    defaults.invoice_emails.length > 0
      ? defaults.invoice_emails
      : [company.billing_information.email ?? company.email ?? ''];
  return {
    business_name: company.title,
    country_id: company.address.country_id ?? '',
    city: company.address.city ?? '',
    address: company.address.address ?? '',
    zip_code: company.address.zip_code ?? '',
    vat_number: company.billing_information.vat_number ?? '',
    invoice_emails: emails.map((value) => ({ value })),
    po_number: '',
    // The field is checked on submit; an unset method shows "Choose a payment method.".
    payment_method: paymentMethod as CheckoutFormValues['payment_method'],
  };
}

export function orderBody(companyId: string, values: CheckoutFormValues): OrderCreate {
  const trimmed = (value: string) => value.trim();
  return {
    company: companyId,
    po_number: trimmed(values.po_number) || null,
    invoice_emails: values.invoice_emails.map((email) => trimmed(email.value)),
    payment_method: values.payment_method,
    billing: {
      business_name: trimmed(values.business_name),
      country_id: values.country_id,
      city: trimmed(values.city),
      address: trimmed(values.address),
      zip_code: trimmed(values.zip_code),
      vat_number: trimmed(values.vat_number) || null,
    },
  };
}

/** The form field a violation of the order request names, if any. */
export function formFieldOf(violation: Violation): CheckoutFormField | null {
  const segments = parseViolationPath(violation.path);
  if (!segments) return null;
  const [first, second] = segments;
  if (first === 'billing' && typeof second === 'string') {
    return ['business_name', 'country_id', 'city', 'address', 'zip_code', 'vat_number'].includes(
      second,
    )
      ? (second as CheckoutFormField)
      : null;
  }
  if (first === 'invoice_emails') {
    return typeof second === 'number' ? `invoice_emails.${second}.value` : 'invoice_emails';
  }
  if (first === 'po_number' || first === 'payment_method') return first;
  return null;
}
