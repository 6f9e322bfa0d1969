import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CompanyRequest } from '#contract/companies.ts';
import { jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { CompanyRequestsList } from './company-requests-list.tsx';

const DETAILS: CompanyRequest['details'] = {
  business_name: 'Fjord Media SAS',
  business_type: { id: '00000000-0000-4000-8000-0000000000b1', title: 'Agency' },
  contact_email: 'hello@fjord.fr',
  accounting_email: 'invoices@fjord.fr',
  accounting_phone: null,
  country: { id: '00000000-0000-4000-8000-0000000000c2', code: 'FR', title: 'France' },
  city: 'Paris',
  zip_code: '75002',
  address: '10 Rue de la Paix',
  address_extra: null,
  registration_number: null,
  vat_number: null,
  bank_name: null,
  bank_address: null,
  iban: null,
  bic_swift: null,
  additional_info: null,
};

function makeRequest(overrides: Partial<CompanyRequest>): CompanyRequest {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    number: 'CR-1001',
    company: null,
    is_change: false,
    status: 'pending',
    rejection_reason: null,
    created_at: '2026-11-20T10:00:00.000Z',
    decided_at: null,
    details: DETAILS,
    ...overrides,
  };
}

const list = (data: CompanyRequest[]) =>
  jsonResponse({ data, pagination: { page: 1, limit: 50, total: data.length } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('my company requests', () => {
  it('shows each request with its status, and the reason of a rejection', async () => {
    mockApi(() =>
      list([
        makeRequest({}),
        makeRequest({
          id: '00000000-0000-4000-8000-0000000000e2',
          number: 'CR-1002',
          status: 'rejected',
          rejection_reason: 'The IBAN belongs to another company.',
          decided_at: '2026-11-21T10:00:00.000Z',
        }),
        makeRequest({
          id: '00000000-0000-4000-8000-0000000000e3',
          number: 'CR-1003',
          is_change: true,
          company: { id: '00000000-0000-4000-8000-0000000000d1', title: 'Northwind Outdoor Ltd' },
          status: 'approved',
          decided_at: '2026-11-22T10:00:00.000Z',
        }),
      ]),
    );
    renderOnRoute(<CompanyRequestsList />);
    const items = within(
      await screen.findByRole('list', { name: 'My company requests' }),
    ).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Fjord Media SAS');
    expect(items[0]).toHaveTextContent('Waiting for review');
    expect(items[0]).toHaveTextContent('CR-1001 · sent 20/11/2026 · France');
    expect(items[1]).toHaveTextContent('Rejected');
    expect(items[1]).toHaveTextContent('Reason: The IBAN belongs to another company.');
    expect(items[2]).toHaveTextContent('Change of Northwind Outdoor Ltd');
    expect(items[2]).toHaveTextContent('Approved');
    expect(items[2]).not.toHaveTextContent('Reason');
  });

  it('says when there are no requests', async () => {
    mockApi(() => list([]));
    renderOnRoute(<CompanyRequestsList />);
    expect(await screen.findByText('No company requests')).toBeInTheDocument();
  });

  it('shows a failure with a retry that loads the list', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? jsonResponse({ code: 500, message: 'Internal server error' }, 500)
        : list([makeRequest({})]),
    );
    renderOnRoute(<CompanyRequestsList />);
    const retry = await screen.findByRole(
      'button',
      { name: /try again|retry/i },
      { timeout: 8000 },
    );
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Fjord Media SAS')).toBeInTheDocument();
  });

  it('says the list loads once back online when it was never loaded', async () => {
    setOnline(false);
    mockApi(() => list([]));
    renderOnRoute(<CompanyRequestsList />);
    expect(await screen.findByText('You are offline')).toBeInTheDocument();
  });
});
