/** The checkout form's values, their rules, and the order request made from them. */
import { z } from 'zod';

import type { CartDefaults } from '#contract/cart.ts';
import type { Violation } from '#contract/errors.ts';
import {
  BillingSchema,
  MAX_INVOICE_EMAILS,
  type OrderCreate,
  OrderCreateSchema,
  PAYMENT_METHODS,
} from '#contract/orders.ts';
import { parseViolationPath } from '#contract/violation-path.ts';

/**
 * The form says what to do on each field (decision 091); the server keeps the spec's generic
 * texts, which reach the form only for what the form cannot check itself.
 */
export const FIELD_MESSAGES = {
  business_name: 'Enter the business name',
  country_id: 'Choose a country',
  city: 'Enter the city',
  address: 'Enter the address',
  zip_code: 'Enter the postal code',
  invoice_email: 'Enter a valid e-mail address, like name@example.com',
  payment_method: 'Choose a payment method.',
} as const;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * A text field checked by the contract's own rule for it (`BillingSchema`, the order's PO number:
 * what may be blank, the longest value), its refusal said in the form's words: `blank` for a
 * missing value, the limit the rule sets for a long one.
 */
function ruledField(rule: z.ZodType, label: string, blank?: string) {
  return z.string().superRefine((value, context) => {
    const result = rule.safeParse(value);
    if (result.success) return;
    const issue = result.error.issues[0];
    const message =
      issue?.code === 'too_big'
        ? tooLong(label, Number(issue.maximum))
        : value.trim() === '' && blank
          ? blank
          : (issue?.message ?? blank ?? '');
    context.addIssue({ code: 'custom', message });
  });
}

export const CheckoutFormSchema = z.object({
  business_name: ruledField(
    BillingSchema.shape.business_name,
    'Business name',
    FIELD_MESSAGES.business_name,
  ),
  country_id: ruledField(BillingSchema.shape.country_id, 'Country', FIELD_MESSAGES.country_id),
  city: ruledField(BillingSchema.shape.city, 'City', FIELD_MESSAGES.city),
  address: ruledField(BillingSchema.shape.address, 'Address', FIELD_MESSAGES.address),
  zip_code: ruledField(BillingSchema.shape.zip_code, 'Postal code', FIELD_MESSAGES.zip_code),
  vat_number: ruledField(BillingSchema.shape.vat_number, 'VAT number'),
  invoice_emails: z
    .array(
      z.object({
        value: z.string().trim().pipe(z.email(FIELD_MESSAGES.invoice_email)),
      }),
    )
    .min(1, 'Add at least one invoice e-mail.')
    .max(MAX_INVOICE_EMAILS, `You can add at most ${MAX_INVOICE_EMAILS} invoice e-mails.`),
  po_number: ruledField(OrderCreateSchema.shape.po_number, 'PO number'),
  payment_method: z.enum(PAYMENT_METHODS, { error: FIELD_MESSAGES.payment_method }),
});

/** The form's fields as the error summary names them, in the order they appear. */
export const FORM_FIELD_LABELS = {
  business_name: 'Business name',
  country_id: 'Country',
  city: 'City',
  address: 'Address',
  zip_code: 'Postal code',
  vat_number: 'VAT number',
  po_number: 'PO number',
  invoice_emails: 'Invoice e-mails',
  payment_method: 'Payment method',
} as const;

/** The DOM id of a form field, so the error summary can lead to it. */
export function formFieldId(field: CheckoutFormField): string {
  return `checkout-${field.replaceAll('.', '-')}`;
}
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
