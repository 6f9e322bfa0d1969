import { describe, expect, it } from 'vitest';

import { CheckoutFormSchema, FIELD_MESSAGES } from './checkout-form-values.ts';

const valid = {
  business_name: 'Acme Ltd',
  country_id: '00000000-0000-4000-8000-0000000f0001',
  city: 'London',
  address: '1 High Street',
  zip_code: 'EC1A 1BB',
  vat_number: '',
  invoice_emails: [{ value: 'billing@acme.example' }],
  po_number: '',
  payment_method: 'bank_transfer',
};

/** The form's message for each field, or none when the values pass. */
function messagesOf(values: Partial<typeof valid>): Record<string, string> {
  const result = CheckoutFormSchema.safeParse({ ...valid, ...values });
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the checkout form’s billing rules', () => {
  it('take the contract’s limits, said in the form’s words', () => {
    expect(messagesOf({})).toEqual({});
    expect(messagesOf({ business_name: 'a'.repeat(255), address: 'b'.repeat(500) })).toEqual({});
    expect(
      messagesOf({
        business_name: 'a'.repeat(256),
        city: 'c'.repeat(256),
        address: 'b'.repeat(501),
        zip_code: '1'.repeat(33),
        vat_number: 'V'.repeat(33),
        po_number: 'P'.repeat(65),
      }),
    ).toEqual({
      business_name: 'Business name must be at most 255 characters',
      city: 'City must be at most 255 characters',
      address: 'Address must be at most 500 characters',
      zip_code: 'Postal code must be at most 32 characters',
      vat_number: 'VAT number must be at most 32 characters',
      po_number: 'PO number must be at most 64 characters',
    });
  });

  it('say what to do about a blank field', () => {
    expect(
      messagesOf({ business_name: '  ', country_id: '', city: '', address: '', zip_code: ' ' }),
    ).toEqual({
      business_name: FIELD_MESSAGES.business_name,
      country_id: FIELD_MESSAGES.country_id,
      city: FIELD_MESSAGES.city,
      address: FIELD_MESSAGES.address,
      zip_code: FIELD_MESSAGES.zip_code,
    });
  });
});
