import { useFieldArray, type UseFormReturn } from 'react-hook-form';

import type { CartDefaults } from '#contract/cart.ts';
import { MAX_INVOICE_EMAILS } from '#contract/orders.ts';
import type { ReferenceItem } from '#contract/reference-data.ts';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { FieldError } from '#src/components/field-hints.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { TextField } from '#src/components/text-field.tsx';

import { type CheckoutFormValues, formFieldId } from '../checkout-form-values.ts';

export /** The invoice's address, VAT number, PO number and e-mails, prefilled from the company. */
function BillingFields({
  form,
  defaults,
  countries,
  companyId,
  onCompanyChange,
}: {
  form: UseFormReturn<CheckoutFormValues>;
  defaults: CartDefaults;
  countries: readonly ReferenceItem[];
  companyId: string;
  onCompanyChange: (company: string) => void;
}) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const emails = useFieldArray({ control, name: 'invoice_emails' });
  const countryOptions = countries.map((country) => ({ value: country.id, label: country.title }));
  return (
    <Card>
      <CardHeader title="Billing information" description="Printed on the invoice." />
      <div className="grid gap-4 p-5 sm:grid-cols-2">
        {defaults.companies.length > 1 ? (
          <SelectField
            className="sm:col-span-2"
            label="Company"
            value={companyId}
            onChange={(event) => onCompanyChange(event.target.value)}
            options={defaults.companies.map((entry) => ({ value: entry.id, label: entry.title }))}
          />
        ) : null}
        <TextField
          className="sm:col-span-2"
          label="Business name"
          autoComplete="organization"
          id={formFieldId('business_name')}
          error={errors.business_name?.message}
          {...register('business_name')}
        />
        <SelectField
          label="Country"
          placeholder="Choose a country"
          options={countryOptions}
          id={formFieldId('country_id')}
          error={errors.country_id?.message}
          {...register('country_id')}
        />
        <TextField
          label="City"
          autoComplete="address-level2"
          id={formFieldId('city')}
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="Address"
          autoComplete="street-address"
          id={formFieldId('address')}
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          label="Postal code"
          autoComplete="postal-code"
          id={formFieldId('zip_code')}
          error={errors.zip_code?.message}
          {...register('zip_code')}
        />
        <TextField
          label="VAT number"
          description="Optional"
          id={formFieldId('vat_number')}
          error={errors.vat_number?.message}
          {...register('vat_number')}
        />
        <TextField
          label="PO number"
          description="Optional"
          id={formFieldId('po_number')}
          error={errors.po_number?.message}
          {...register('po_number')}
        />
        <fieldset className="space-y-2 sm:col-span-2">
          <legend
            id={formFieldId('invoice_emails')}
            tabIndex={-1}
            className="text-sm font-medium text-slate-800"
          >
            Invoice e-mails
          </legend>
          {emails.fields.map((entry, index) => (
            <div key={entry.id} className="flex items-start gap-2">
              <TextField
                className="flex-1"
                label={<span className="sr-only">Invoice e-mail {index + 1}</span>}
                id={formFieldId(`invoice_emails.${index}.value`)}
                type="email"
                autoComplete="email"
                error={errors.invoice_emails?.[index]?.value?.message}
                {...register(`invoice_emails.${index}.value`)}
              />
              <Button
                variant="ghost"
                size="sm"
                className="mt-1.5"
                disabled={emails.fields.length <= 1}
                aria-label={`Remove invoice e-mail ${index + 1}`}
                onClick={() => emails.remove(index)}
              >
                Remove
              </Button>
            </div>
          ))}
          <FieldError error={errors.invoice_emails?.message} />
          <Button
            variant="secondary"
            size="sm"
            disabled={emails.fields.length >= MAX_INVOICE_EMAILS}
            onClick={() => emails.append({ value: '' })}
          >
            Add e-mail
          </Button>
        </fieldset>
      </div>
    </Card>
  );
}
