// Companies of a buyer (spec §3 "Company", §7 "Profile and company"): the company of an account,
// the current company account, and company requests (a new company, or a change to an existing
// one), which marketplace staff approve or reject. The offline checks of company details (IBAN
// and BIC checksums, VAT number formats, ISO 3166 country codes, e-mail) live here so that the
// request form checks as the buyer types and the server refuses the same things (decision 080).
import isoCountries from 'i18n-iso-countries';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { checkVAT, countries as vatCountries } from 'jsvat';
import { z } from 'zod';

import { AccountBillingSchema } from './billing.ts';
import { endpoint } from './endpoint.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from './endpoint-schemas.ts';
import {
  FORBIDDEN_CHARACTER_MESSAGE,
  isSingleLine,
  isStorableText,
  LINE_BREAK_MESSAGE,
} from './input-rules.ts';
import { listOf, pageQuerySchema } from './pagination.ts';
import { inObject, OWN_ACCOUNT } from './permissions.ts';
import { AccountSchema } from './profile.ts';
import { COUNTRY_ID_DESCRIPTION, INVALID_COUNTRY_MESSAGE } from './reference-data.ts';

export const COMPANY_NOT_FOUND_MESSAGE = 'This company does not exist.';
export const ACCOUNT_NOT_FOUND_MESSAGE = 'This company account does not exist.';
export const COMPANY_REQUEST_NOT_FOUND_MESSAGE = 'This company request does not exist.';
/** The message of the rule every text of the API obeys (contract/input-rules.ts). */
export const NUL_MESSAGE = FORBIDDEN_CHARACTER_MESSAGE;
export const INVALID_EMAIL_MESSAGE = 'Enter a valid e-mail address.';
export const INVALID_IBAN_MESSAGE = 'This IBAN is not valid: check the country code and digits.';
export const INVALID_BIC_MESSAGE = 'This BIC/SWIFT code is not valid (8 or 11 characters).';
export const INVALID_VAT_MESSAGE = 'This VAT number does not have the format of its country.';
export const VAT_COUNTRY_MISMATCH_MESSAGE =
  "This VAT number belongs to another country than the company's.";
export { INVALID_COUNTRY_MESSAGE };
export const INVALID_BUSINESS_TYPE_MESSAGE = 'Choose a business type from the list.';
export const PENDING_CHANGE_MESSAGE =
  'A change to this company is already waiting for review; wait for its answer first.';

export const CompanyStatusSchema = z.enum(['pending', 'approved', 'declined']);
export type CompanyStatus = z.infer<typeof CompanyStatusSchema>;

export const CompanyRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type CompanyRequestStatus = z.infer<typeof CompanyRequestStatusSchema>;

export const COMPANY_REQUEST_STATUS_LABELS: Record<CompanyRequestStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const COMPANY_TEXT_MAX = 255;
export const COMPANY_LONG_TEXT_MAX = 2000;
export const REJECTION_REASON_MAX = 1000;

// ---- offline checks, one message or null each: used by the schema and by the form as you type

/** IBAN without spaces, upper case: "GB33 bukb 2020..." -> "GB33BUKB2020...". */
export function normaliseIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
}

export function ibanProblem(value: string): string | null {
  return isValidIBAN(normaliseIban(value)) ? null : INVALID_IBAN_MESSAGE;
}

export function normaliseBic(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function bicProblem(value: string): string | null {
  return isValidBIC(normaliseBic(value)) ? null : INVALID_BIC_MESSAGE;
}

/** VAT number without spaces, dots or dashes, upper case: "de 123.456.789" -> "DE123456789". */
export function normaliseVatNumber(value: string): string {
  return value.replace(/[\s.-]+/g, '').toUpperCase();
}

/** The country codes whose VAT number format is known (the EU, plus a few neighbours). */
export const VAT_FORMAT_COUNTRIES: ReadonlySet<string> = new Set(
  vatCountries.map((country) => country.codes[0]).filter((code): code is string => !!code),
);

/**
 * A VAT number of a country whose format is known must have that format and belong to the
 * company's country (an EU OSS number, prefix EU, belongs to any). The checksum is left to the
 * tax authority's own check at review: a format error is what a buyer can fix while typing.
 */
export function vatNumberProblem(value: string, countryCode: string | null): string | null {
  const vat = normaliseVatNumber(value);
  // A country without a known format: letters, digits, at least four characters.
  const plain = /^[A-Z0-9]{4,20}$/.test(vat) ? null : INVALID_VAT_MESSAGE;
  if (countryCode && !VAT_FORMAT_COUNTRIES.has(countryCode) && !/^[A-Z]{2}/.test(vat)) return plain;
  const result = checkVAT(vat, vatCountries);
  const vatCountry = result.isSupportedCountry ? (result.country?.isoCode.short ?? null) : null;
  if (vatCountry) {
    if (!result.isValidFormat) return INVALID_VAT_MESSAGE;
    if (countryCode && vatCountry !== countryCode && vatCountry !== 'EU') {
      // Greece writes EL in VAT numbers.
      if (!(vatCountry === 'GR' && countryCode === 'GR')) return VAT_COUNTRY_MISMATCH_MESSAGE;
    }
    return null;
  }
  if (countryCode && VAT_FORMAT_COUNTRIES.has(countryCode)) return INVALID_VAT_MESSAGE;
  return plain;
}

/** ISO 3166-1 alpha-2, the full list. */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && isoCountries.isValid(value);
}

export function emailProblem(value: string): string | null {
  return z.email().max(254).safeParse(value).success ? null : INVALID_EMAIL_MESSAGE;
}

// ---- schemas

const noNul = isStorableText;

function requiredText(label: string, max = COMPANY_TEXT_MAX) {
  return z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `At most ${max} characters.`)
    .refine(noNul, NUL_MESSAGE);
}

/** An optional text: empty or missing becomes null. */
function optionalText(max = COMPANY_TEXT_MAX) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine(noNul, NUL_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : null));
}

const requiredEmail = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(254, INVALID_EMAIL_MESSAGE)
    .refine((value) => emailProblem(value) === null, INVALID_EMAIL_MESSAGE)
    .transform((value) => value.toLowerCase());

function checkedOptional(max: number, problem: (value: string) => string | null) {
  return optionalText(max).superRefine((value, ctx) => {
    if (value === null) return;
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/**
 * POST /api/v1/buyer/profiles/companies/requests: every field of spec §3 "Company" a buyer
 * gives. `company` names an existing company of the buyer for a change request; without it the
 * request is for a new company. The pay-by-bill flag, status and credit are the marketplace's to
 * set and refused here (unknown fields are refused).
 */
export const CompanyRequestCreateSchema = z
  .strictObject({
    company: z.uuid().nullish(),
    business_name: requiredText('business name').refine(isSingleLine, LINE_BREAK_MESSAGE),
    business_type: z.uuid(INVALID_BUSINESS_TYPE_MESSAGE),
    contact_email: requiredEmail('contact e-mail'),
    accounting_email: requiredEmail('accounting e-mail'),
    accounting_phone: optionalText(40).refine(
      (value) => value === null || /^\+?[0-9 ()./-]{5,40}$/.test(value),
      'Enter a phone number: digits, spaces and an optional leading +.',
    ),
    country_id: z.uuid(INVALID_COUNTRY_MESSAGE).optional().describe(COUNTRY_ID_DESCRIPTION),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isCountryCode, INVALID_COUNTRY_MESSAGE)
      .optional()
      .describe(
        'Deprecated: the country as an ISO 3166-1 alpha-2 code ("DE"), accepted as before. Send `country_id` instead; when both are given they must name the same country.',
      ),
    city: requiredText('city'),
    zip_code: requiredText('zip code', 20),
    address: requiredText('address'),
    address_extra: optionalText(),
    registration_number: optionalText(64),
    vat_number: optionalText(32).transform((value) => (value ? normaliseVatNumber(value) : null)),
    bank_name: optionalText(),
    bank_address: optionalText(),
    iban: checkedOptional(42, ibanProblem).transform((value) =>
      value ? normaliseIban(value) : null,
    ),
    bic_swift: checkedOptional(15, bicProblem).transform((value) =>
      value ? normaliseBic(value) : null,
    ),
    additional_info: optionalText(COMPANY_LONG_TEXT_MAX),
  })
  .superRefine((request, ctx) => {
    if (request.country_id === undefined && request.country === undefined) {
      ctx.addIssue({ code: 'custom', path: ['country_id'], message: INVALID_COUNTRY_MESSAGE });
    }
    // A country named by its id is known to the server only: it checks the VAT number then.
    if (request.vat_number === null || request.country === undefined) return;
    const country = isCountryCode(request.country) ? request.country : null;
    const message = vatNumberProblem(request.vat_number, country);
    if (message) ctx.addIssue({ code: 'custom', path: ['vat_number'], message });
  });
export type CompanyRequestCreateInput = z.input<typeof CompanyRequestCreateSchema>;
export type CompanyRequestCreate = z.output<typeof CompanyRequestCreateSchema>;

const CountryRefSchema = z.object({ id: z.string(), code: z.string(), title: z.string() });
const ReferenceRefSchema = z.object({ id: z.string(), title: z.string() });

/** The details a buyer gives for a company, as stored (for a company and for a request alike). */
export const CompanyDetailsSchema = z.object({
  business_name: z.string(),
  business_type: ReferenceRefSchema.nullable(),
  contact_email: z.string().nullable(),
  accounting_email: z.string().nullable(),
  accounting_phone: z.string().nullable(),
  country: CountryRefSchema.nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  address: z.string().nullable(),
  address_extra: z.string().nullable(),
  registration_number: z.string().nullable(),
  vat_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_address: z.string().nullable(),
  iban: z.string().nullable(),
  bic_swift: z.string().nullable(),
  additional_info: z.string().nullable(),
});
export type CompanyDetails = z.infer<typeof CompanyDetailsSchema>;

/** GET /api/v1/buyer/profiles/accounts/{id}/companies (spec §3 "Company"). */
export const CompanySchema = CompanyDetailsSchema.extend({
  id: z.string(),
  is_pay_by_bill_allowed: z.boolean(),
  status: CompanyStatusSchema,
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanyRequestSchema = z.object({
  id: z.string(),
  /** Human reference, "CR-1001": what the buyer and the demo command name it by. */
  number: z.string(),
  /** The company a change request is for; null for a new company until it is approved. */
  company: z.object({ id: z.string(), title: z.string() }).nullable(),
  is_change: z.boolean(),
  status: CompanyRequestStatusSchema,
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  details: CompanyDetailsSchema,
});
export type CompanyRequest = z.infer<typeof CompanyRequestSchema>;

export const CompanyRequestListSchema = listOf(CompanyRequestSchema);
export type CompanyRequestList = z.infer<typeof CompanyRequestListSchema>;

/** PUT /api/v1/buyer/profiles/companies/accounts/current (`profileEndpoints.setCurrentAccount`). */
export { type CurrentAccountBody, CurrentAccountBodySchema } from './profile.ts';

/** The answer: the account that is now current. */
export const CurrentAccountSchema = AccountSchema;

/** The form's starting values for a change of an existing company: its details as they are. */
export function requestValuesOf(company: Company): CompanyRequestCreateInput {
  return {
    company: company.id,
    business_name: company.business_name,
    business_type: company.business_type?.id ?? '',
    contact_email: company.contact_email ?? '',
    accounting_email: company.accounting_email ?? '',
    accounting_phone: company.accounting_phone ?? '',
    country_id: company.country?.id ?? '',
    city: company.city ?? '',
    zip_code: company.zip_code ?? '',
    address: company.address ?? '',
    address_extra: company.address_extra ?? '',
    registration_number: company.registration_number ?? '',
    vat_number: company.vat_number ?? '',
    bank_name: company.bank_name ?? '',
    bank_address: company.bank_address ?? '',
    iban: company.iban ?? '',
    bic_swift: company.bic_swift ?? '',
    additional_info: company.additional_info ?? '',
  };
}

/** GET /profiles/companies/requests: a page of the caller's requests. */
export const CompanyRequestsQuerySchema = pageQuerySchema({ defaultLimit: 20, maxLimit: 100 });

const companies = { access: 'buyer', tags: ['Companies'] } as const;

export const companyEndpoints = {
  companyOfAccount: endpoint({
    ...companies,
    method: 'GET',
    path: '/v1/buyer/profiles/accounts/{id}/companies',
    permission: inObject('company.read'),
    summary: 'The company of one of the caller’s accounts, with every detail',
    params: IdParamsSchema,
    status: 200,
    response: CompanySchema,
    errors: [400, 401, 403, 404],
  }),
  billingOfAccount: endpoint({
    ...companies,
    method: 'GET',
    path: '/v1/buyer/profiles/accounts/{id}/billing',
    permission: inObject('billing.read'),
    summary: 'What the caller may spend for the company of one of their accounts',
    description:
      'The company’s credit balance and the caller’s pay-by-bill limit, unpaid pay-by-bill orders and what is available to pay by bill (bounded by the company’s own limit too), all with VAT: the figures checkout’s payment methods show (decision 168).',
    params: IdParamsSchema,
    status: 200,
    response: AccountBillingSchema,
    errors: [400, 401, 403, 404],
  }),
  listRequests: endpoint({
    ...companies,
    method: 'GET',
    path: '/v1/buyer/profiles/companies/requests',
    permission: OWN_ACCOUNT,
    summary: "The caller's company requests ('My company requests'), newest first",
    query: CompanyRequestsQuerySchema,
    status: 200,
    response: CompanyRequestListSchema,
    errors: [400, 401, 403],
  }),
  createRequest: endpoint({
    ...companies,
    method: 'POST',
    path: '/v1/buyer/profiles/companies/requests',
    permission: OWN_ACCOUNT,
    summary: "Files a company request ('Add new company request', or a change of a company)",
    description:
      'Every field of spec §3 "Company" the buyer gives; `company` names one of the caller’s companies for a change of its details, which needs a role that edits company details there (403 otherwise). The country is `country_id`, the `id` of an entry of GET /api/v1/common/countries (an ISO 3166-1 alpha-2 code in `country` is still accepted). IBAN and BIC checksums, VAT number formats (of the country) and e-mail addresses are checked. The pay-by-bill flag, status and credit are the marketplace’s and refused. Marketplace staff approve or reject the request; an approved new company becomes an account with a credit limit of 0.',
    headers: IdempotencyHeadersSchema,
    body: CompanyRequestCreateSchema,
    status: 201,
    response: CompanyRequestSchema,
    errors: [400, 401, 403, 409, 422],
  }),
};
