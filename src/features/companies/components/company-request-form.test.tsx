import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  type Company,
  type CompanyRequest,
  INVALID_BIC_MESSAGE,
  INVALID_IBAN_MESSAGE,
  INVALID_VAT_MESSAGE,
  requestValuesOf,
} from '#contract/companies.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { CompanyRequestForm } from './company-request-form.tsx';

const PATH = '/api/v1/buyer/profiles/companies/requests';
const AGENCY = '00000000-0000-4000-8000-0000000000b1';
const COUNTRIES = [
  { id: '00000000-0000-4000-8000-0000000000c1', code: 'DE', title: 'Germany' },
  { id: '00000000-0000-4000-8000-0000000000c2', code: 'FR', title: 'France' },
  { id: '00000000-0000-4000-8000-0000000000c3', code: 'KE', title: 'Kenya' },
];
const TYPES = [{ id: AGENCY, title: 'Agency' }];

const COMPANY: Company = {
  id: '00000000-0000-4000-8000-0000000000d1',
  business_name: 'Bergmann Digital GmbH',
  business_type: { id: AGENCY, title: 'Agency' },
  contact_email: 'kontakt@bergmann-digital.de',
  accounting_email: 'buchhaltung@bergmann-digital.de',
  accounting_phone: null,
  country: COUNTRIES[0]!,
  city: 'Berlin',
  zip_code: '10115',
  address: 'Invalidenstraße 42',
  address_extra: null,
  registration_number: 'HRB 123456 B',
  vat_number: 'DE123456789',
  bank_name: 'Deutsche Bank',
  bank_address: null,
  iban: 'DE89370400440532013000',
  bic_swift: 'DEUTDEDBXXX',
  additional_info: null,
  is_pay_by_bill_allowed: false,
  status: 'approved',
};

function sentRequest(call: Call): CompanyRequest {
  const body = call.body as Record<string, string>;
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    number: 'CR-1001',
    company: null,
    is_change: false,
    status: 'pending',
    rejection_reason: null,
    created_at: '2026-11-20T10:00:00.000Z',
    decided_at: null,
    details: { ...COMPANY, business_name: body.business_name!, country: COUNTRIES[1]! },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderForm(props: Partial<Parameters<typeof CompanyRequestForm>[0]> = {}) {
  const onSent = vi.fn();
  renderOnRoute(
    <CompanyRequestForm
      countries={COUNTRIES}
      businessTypes={TYPES}
      onSent={onSent}
      onCancel={() => {}}
      {...props}
    />,
  );
  return { onSent, user: userEvent.setup() };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Business name'), 'Fjord Media SAS');
  await user.selectOptions(screen.getByLabelText('Business type'), AGENCY);
  await user.type(screen.getByLabelText('Contact e-mail'), 'hello@fjord.fr');
  await user.type(screen.getByLabelText('Accounting e-mail'), 'invoices@fjord.fr');
  await user.selectOptions(screen.getByLabelText('Country'), 'France');
  await user.type(screen.getByLabelText('City'), 'Paris');
  await user.type(screen.getByLabelText('Zip code'), '75002');
  await user.type(screen.getByLabelText('Address'), '10 Rue de la Paix');
}

describe('company request form', () => {
  it('checks IBAN, BIC and VAT number as the buyer types', async () => {
    mockApi(() => jsonResponse({ code: 404, message: 'Not found' }, 404));
    const { user } = renderForm();
    const iban = screen.getByLabelText('IBAN (optional)');
    await user.type(iban, 'DE89 3704 0044 0532 0130 01');
    expect(await screen.findByText(INVALID_IBAN_MESSAGE)).toBeInTheDocument();
    expect(iban).toHaveAttribute('aria-invalid', 'true');
    await user.clear(iban);
    await user.type(iban, 'DE89 3704 0044 0532 0130 00');
    expect(await screen.findByText('Valid IBAN (DE)')).toBeInTheDocument();
    expect(screen.queryByText(INVALID_IBAN_MESSAGE)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('BIC/SWIFT (optional)'), 'DEUT12');
    expect(await screen.findByText(INVALID_BIC_MESSAGE)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Country'), 'Germany');
    await user.type(screen.getByLabelText('VAT number (optional)'), 'DE1234');
    expect(await screen.findByText(INVALID_VAT_MESSAGE)).toBeInTheDocument();
    await user.type(screen.getByLabelText('VAT number (optional)'), '56789');
    expect(await screen.findByText('The format matches the country.')).toBeInTheDocument();
  });

  it('names the missing fields and sends nothing until they are given', async () => {
    const { calls } = mockApi(() => jsonResponse({ code: 404, message: 'Not found' }, 404));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send company request' }));
    expect(await screen.findByText('Enter the business name.')).toBeInTheDocument();
    expect(screen.getByText('Choose a country from the list.')).toBeInTheDocument();
    expect(screen.getByText('Choose a business type from the list.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends every field, normalised, and reports the request sent', async () => {
    const { calls } = mockApi((call) =>
      call.url.pathname === PATH && call.method === 'POST'
        ? jsonResponse(sentRequest(call), 201)
        : jsonResponse({ code: 404, message: 'Not found' }, 404),
    );
    const { user, onSent } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText('VAT number (optional)'), 'fr 40 303 265 045');
    await user.type(screen.getByLabelText('IBAN (optional)'), 'fr14 2004 1010 0505 0001 3M02 606');
    await user.type(screen.getByLabelText('BIC/SWIFT (optional)'), 'bnpafrpp');
    await user.click(screen.getByRole('button', { name: 'Send company request' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      business_name: 'Fjord Media SAS',
      business_type: AGENCY,
      contact_email: 'hello@fjord.fr',
      country_id: COUNTRIES[1]!.id,
      vat_number: 'FR40303265045',
      iban: 'FR1420041010050500013M02606',
      bic_swift: 'BNPAFRPP',
      address_extra: null,
    });
  });

  it('puts the server’s violations on their fields', async () => {
    mockApi(() =>
      jsonResponse(
        {
          code: 422,
          message: 'Validation failed.',
          violations: [{ path: 'business_type', message: 'Choose a business type from the list.' }],
        },
        422,
      ),
    );
    const { user, onSent } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send company request' }));
    expect(await screen.findByText('Choose a business type from the list.')).toBeInTheDocument();
    expect(screen.getByLabelText('Business type')).toHaveAttribute('aria-invalid', 'true');
    expect(onSent).not.toHaveBeenCalled();
  });

  it('starts a change request from the company’s details and sends its id', async () => {
    const { calls } = mockApi((call) =>
      call.method === 'POST'
        ? jsonResponse({ ...sentRequest(call), is_change: true }, 201)
        : jsonResponse({ code: 404, message: 'Not found' }, 404),
    );
    const { user, onSent } = renderForm({
      initialValues: requestValuesOf(COMPANY),
      changeOf: COMPANY.business_name,
    });
    expect(screen.getByLabelText('Business name')).toHaveValue('Bergmann Digital GmbH');
    expect(screen.getByLabelText('Country')).toHaveValue(COUNTRIES[0]!.id);
    expect(screen.getByLabelText('IBAN (optional)')).toHaveValue('DE89370400440532013000');
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Hamburg');
    await user.click(screen.getByRole('button', { name: 'Send change request' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      company: COMPANY.id,
      country_id: COUNTRIES[0]!.id,
      city: 'Hamburg',
      vat_number: 'DE123456789',
    });
  });

  it('offline keeps the form but turns sending off, saying why beside the button', async () => {
    mockApi(() => jsonResponse({}));
    setOnline(false);
    renderForm();
    const send = await screen.findByRole('button', { name: 'Send company request' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(
      'You are offline: sending needs a connection. What you typed stays here meanwhile.',
    );
    expect(screen.getByLabelText('Business name')).toBeEnabled();
  });
});
