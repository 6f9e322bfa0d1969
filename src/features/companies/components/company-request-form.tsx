import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import {
  bicProblem,
  COMPANY_LONG_TEXT_MAX,
  type CompanyRequest,
  type CompanyRequestCreate,
  type CompanyRequestCreateInput,
  CompanyRequestCreateSchema,
  ibanProblem,
  normaliseIban,
  vatNumberProblem,
} from '#contract/companies.ts';
import type { Country, ReferenceItem } from '#contract/reference-data.ts';
import { Alert } from '#src/components/alert.tsx';
import { Card } from '#src/components/card.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { TextAreaField, TextField } from '#src/components/text-field.tsx';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';

import { useCreateCompanyRequest } from '../api/mutations.ts';

type FormValues = CompanyRequestCreateInput;

const FIELDS = new Set(Object.keys(CompanyRequestCreateSchema.shape));
const fieldForPath = (path: string) => (FIELDS.has(path) ? (path as keyof FormValues) : null);

export const EMPTY_COMPANY_REQUEST: FormValues = {
  company: null,
  business_name: '',
  business_type: '',
  contact_email: '',
  accounting_email: '',
  accounting_phone: '',
  country_id: '',
  city: '',
  zip_code: '',
  address: '',
  address_extra: '',
  registration_number: '',
  vat_number: '',
  bank_name: '',
  bank_address: '',
  iban: '',
  bic_swift: '',
  additional_info: '',
};

/** What a typed IBAN, BIC or VAT number looks like right now: an error, or a confirmation. */
function liveCheck(value: string | null | undefined, problem: (value: string) => string | null) {
  const text = (value ?? '').trim();
  if (!text) return { error: undefined, ok: undefined };
  const message = problem(text);
  return message ? { error: message, ok: undefined } : { error: undefined, ok: true as const };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * The company request form ('Add new company request', or a change of a company prefilled from
 * it): every field of spec §3 "Company", checked with the contract's rules as the buyer types,
 * the server's violations put on the fields.
 */
export function CompanyRequestForm({
  countries,
  businessTypes,
  initialValues = EMPTY_COMPANY_REQUEST,
  changeOf,
  onSent,
  onCancel,
}: {
  countries: readonly Country[];
  businessTypes: readonly ReferenceItem[];
  initialValues?: FormValues;
  /** The company's name when the request changes an existing company. */
  changeOf?: string;
  onSent: (request: CompanyRequest) => void;
  onCancel: () => void;
}) {
  const mutation = useCreateCompanyRequest();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, CompanyRequestCreate>({
    resolver: zodResolver(CompanyRequestCreateSchema),
    defaultValues: initialValues,
    mode: 'onTouched',
  });
  const field = fieldBinder(form);
  const [iban, bic, vat, countryId] = useWatch({
    control: form.control,
    name: ['iban', 'bic_swift', 'vat_number', 'country_id'],
  });
  const countryCode = countries.find((item) => item.id === countryId)?.code ?? null;
  const ibanCheck = liveCheck(iban, ibanProblem);
  const bicCheck = liveCheck(bic, bicProblem);
  const vatCheck = liveCheck(vat, (value) => vatNumberProblem(value, countryCode));
  const errors = form.formState.errors;
  const info = form.register('additional_info');

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      onSent(await mutation.mutateAsync(values));
    } catch (error) {
      setServerError(failureOutsideFields(error, form.setError, fieldForPath));
    }
  });

  const countryOptions = countries.map((item) => ({ value: item.id, label: item.title }));
  const typeOptions = businessTypes.map((item) => ({ value: item.id, label: item.title }));
  const validIban =
    ibanCheck.ok && iban ? `Valid IBAN (${normaliseIban(iban).slice(0, 2)})` : undefined;

  return (
    <Card className="p-5 sm:p-6">
      <form
        onSubmit={onSubmit}
        noValidate
        className="space-y-8"
        aria-label={changeOf ? `Change of ${changeOf}` : 'New company request'}
      >
        {serverError ? <Alert>{serverError}</Alert> : null}
        {changeOf ? (
          <Alert variant="info" title={`A change of ${changeOf}`}>
            Edit what changed; our team reviews the request and updates the company once it is
            approved.
          </Alert>
        ) : null}
        <Section title="Company">
          <TextField
            label="Business name"
            autoComplete="organization"
            {...field('business_name')}
          />
          <SelectField
            label="Business type"
            placeholder="Choose a business type"
            options={typeOptions}
            {...field('business_type')}
          />
          <TextField label="Registration number (optional)" {...field('registration_number')} />
          <TextField
            label="VAT number (optional)"
            autoComplete="off"
            description={
              vatCheck.ok
                ? 'The format matches the country.'
                : 'EU numbers start with the country code, e.g. DE123456789.'
            }
            {...field('vat_number')}
            error={errors.vat_number?.message ?? vatCheck.error}
          />
        </Section>
        <Section title="Contact">
          <TextField
            label="Contact e-mail"
            type="email"
            autoComplete="email"
            {...field('contact_email')}
          />
          <TextField label="Accounting e-mail" type="email" {...field('accounting_email')} />
          <TextField
            label="Accounting phone (optional)"
            type="tel"
            autoComplete="tel"
            {...field('accounting_phone')}
          />
        </Section>
        <Section title="Address">
          <SelectField
            label="Country"
            placeholder="Choose a country"
            options={countryOptions}
            autoComplete="country"
            {...field('country_id')}
          />
          <TextField label="City" autoComplete="address-level2" {...field('city')} />
          <TextField label="Zip code" autoComplete="postal-code" {...field('zip_code')} />
          <TextField label="Address" autoComplete="address-line1" {...field('address')} />
          <TextField
            label="Additional address (optional)"
            autoComplete="address-line2"
            {...field('address_extra')}
          />
        </Section>
        <Section title="Bank">
          <TextField label="Bank name (optional)" {...field('bank_name')} />
          <TextField label="Bank address (optional)" {...field('bank_address')} />
          <TextField
            label="IBAN (optional)"
            autoComplete="off"
            description={validIban ?? 'Spaces are fine: GB33 BUKB 2020 1555 5555 55.'}
            {...field('iban')}
            error={errors.iban?.message ?? ibanCheck.error}
          />
          <TextField
            label="BIC/SWIFT (optional)"
            autoComplete="off"
            description={
              bicCheck.ok ? 'Valid BIC/SWIFT code.' : '8 or 11 characters, e.g. BUKBGB22.'
            }
            {...field('bic_swift')}
            error={errors.bic_swift?.message ?? bicCheck.error}
          />
        </Section>
        <TextAreaField
          label="Additional info (optional)"
          rows={4}
          maxLength={COMPANY_LONG_TEXT_MAX}
          description="Anything our team should know to review the company."
          error={errors.additional_info?.message}
          {...info}
        />
        <FormFooter
          submitLabel={changeOf ? 'Send change request' : 'Send company request'}
          pending={mutation.isPending}
          offlineNote="You are offline: sending needs a connection. What you typed stays here meanwhile."
          onCancel={onCancel}
        />
      </form>
    </Card>
  );
}
