import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AccountBilling } from '#contract/billing.ts';
import type { Company } from '#contract/companies.ts';
import type { Account } from '#contract/profile.ts';
import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { CompanyAccounts } from './company-accounts.tsx';

const ACCOUNT: Account = {
  id: '00000000-0000-4000-8000-0000000000a1',
  company: { id: '00000000-0000-4000-8000-0000000000c1', title: 'Northwind Outdoor Ltd' },
  is_current: true,
  role: 'owner',
  credit_limit: '5000.00',
  credits_balance: '278.00',
  is_pay_by_bill_allowed: true,
  sees_prices: true,
};

const BILLING: AccountBilling = {
  account: ACCOUNT.id,
  company: ACCOUNT.company,
  credits_balance: '278.00',
  is_pay_by_bill_allowed: true,
  pay_by_bill_limit: '5000.00',
  unpaid_pay_by_bill: '820.50',
  available_to_pay_by_bill: '4179.50',
  company_pay_by_bill_limit: '10000.00',
  company_unpaid_pay_by_bill: '820.50',
  bound: 'your_limit',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Opens the account's details and answers its billing figures: name → [value, explanation]. */
async function openBilling(account: Account, billing: AccountBilling) {
  const { calls } = mockApi((call) =>
    call.url.pathname.endsWith('/billing')
      ? jsonResponse(billing)
      : jsonResponse({ code: 404, message: 'Company not found.' }, 404),
  );
  renderOnRoute(
    <CompanyAccounts accounts={[account]} isPending={false} error={null} onRetry={() => {}} />,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Details' }));
  const section = await screen.findByRole('region', { name: 'Billing' });
  await within(section).findByText('€278.00');
  const figures = Object.fromEntries(
    within(section)
      .getAllByRole('term')
      .map((term) => {
        const value = term.nextElementSibling;
        return [term.textContent, [value?.textContent, value?.nextElementSibling?.textContent]];
      }),
  );
  return { figures, calls };
}

describe('company accounts', () => {
  it('names the short figures as the billing view does', () => {
    mockApi(() => jsonResponse({}));
    renderOnRoute(
      <CompanyAccounts accounts={[ACCOUNT]} isPending={false} error={null} onRetry={() => {}} />,
    );
    const item = within(screen.getByRole('list', { name: 'Company accounts' })).getByRole(
      'listitem',
    );
    expect(item).toHaveTextContent('Credit balance €278.00 · Pay-by-bill limit €5,000.00');
  });

  it('shows a Viewer, sent no money of the company, no figures', () => {
    mockApi(() => jsonResponse({}));
    const viewer: Account = {
      ...ACCOUNT,
      role: 'viewer',
      credit_limit: null,
      credits_balance: null,
    };
    renderOnRoute(
      <CompanyAccounts accounts={[viewer]} isPending={false} error={null} onRetry={() => {}} />,
    );
    const item = within(screen.getByRole('list', { name: 'Company accounts' })).getByRole(
      'listitem',
    );
    expect(item).toHaveTextContent('Northwind Outdoor Ltd');
    expect(item).not.toHaveTextContent(/Credit balance|Pay-by-bill limit|€/);
  });

  it('explains each billing figure, all from the account’s one billing answer', async () => {
    const { figures, calls } = await openBilling(ACCOUNT, BILLING);
    expect(calls.map((call) => call.url.pathname)).toContain(
      `/api/v1/buyer/profiles/accounts/${ACCOUNT.id}/billing`,
    );
    expect(figures).toEqual({
      'Credit balance': [
        '€278.00',
        'Prepaid credits of Northwind Outdoor Ltd, shared by all its buyers: an order paid with credits takes its total with VAT from them, and cancelled items give it back.',
      ],
      'Pay-by-bill limit': [
        '€5,000.00',
        "The most your pay-by-bill orders for Northwind Outdoor Ltd may add up to, with VAT, while they are not paid. The marketplace's staff set it.",
      ],
      'Unpaid pay-by-bill orders': [
        '€820.50',
        'Your pay-by-bill orders for this company, with VAT and less cancelled items, until their bill is paid. Each order paid by bill adds its total; a bill of the start of each month gathers the month before.',
      ],
      'Available to pay by bill': [
        '€4,179.50',
        'Your pay-by-bill limit minus your unpaid pay-by-bill orders: the most your next pay-by-bill order may cost, with VAT.',
      ],
    });
  });

  it('says when the company’s own limit leaves less than the buyer’s', async () => {
    const { figures } = await openBilling(ACCOUNT, {
      ...BILLING,
      available_to_pay_by_bill: '500.00',
      company_unpaid_pay_by_bill: '9500.00',
      bound: 'company_limit',
    });
    expect(figures['Available to pay by bill']).toEqual([
      '€500.00',
      "Less than your own limit leaves: Northwind Outdoor Ltd's pay-by-bill limit of €10,000.00 for all its buyers together has this much left after their unpaid pay-by-bill orders of €9,500.00.",
    ]);
  });

  it('says pay by bill is not allowed instead of showing a limit that does not apply', async () => {
    const account = { ...ACCOUNT, is_pay_by_bill_allowed: false };
    const { figures } = await openBilling(account, {
      ...BILLING,
      is_pay_by_bill_allowed: false,
      available_to_pay_by_bill: '0.00',
      unpaid_pay_by_bill: '0.00',
      bound: 'not_allowed',
    });
    expect(Object.keys(figures)).toEqual(['Credit balance', 'Pay by bill']);
    expect(figures['Pay by bill']?.[0]).toBe('Not allowed');
    expect(
      within(screen.getByRole('list', { name: 'Company accounts' })).getByRole('listitem'),
    ).toHaveTextContent('Credit balance €278.00 · Pay by bill not allowed');
  });
});

describe('the company details of an account', () => {
  const company: Company = {
    id: ACCOUNT.company.id,
    business_name: 'Northwind Outdoor Ltd',
    business_type: null,
    contact_email: 'hello@northwind-outdoor.com',
    accounting_email: null,
    accounting_phone: null,
    country: null,
    city: 'London',
    zip_code: 'EC1V 9HX',
    address: '12 Old Street',
    address_extra: null,
    registration_number: null,
    vat_number: null,
    bank_name: null,
    bank_address: null,
    iban: null,
    bic_swift: null,
    additional_info: null,
    is_pay_by_bill_allowed: true,
    status: 'approved',
  };

  async function openDetails(account: Account) {
    const api = mockApi((call) =>
      call.url.pathname.endsWith('/companies')
        ? jsonResponse(company)
        : call.url.pathname.endsWith('/billing')
          ? jsonResponse(BILLING)
          : jsonResponse({ code: 404, message: 'Not found.' }, 404),
    );
    const view = renderOnRoute(
      <CompanyAccounts accounts={[account]} isPending={false} error={null} onRetry={() => {}} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Details' }));
    await screen.findByText('12 Old Street');
    return { ...view, calls: api.calls };
  }

  it('offers a change of the details to the roles that edit them', async () => {
    await openDetails({ ...ACCOUNT, role: 'finance' });
    expect(screen.getByRole('link', { name: 'Request a change' })).toHaveAttribute(
      'href',
      `/companies/create?account=${ACCOUNT.id}`,
    );
  });

  it('offers no change to a Viewer or a Buyer, whose change the server refuses', async () => {
    for (const role of ['viewer', 'buyer'] as const) {
      const view = await openDetails({ ...ACCOUNT, role });
      expect(screen.queryByRole('link', { name: 'Request a change' })).toBeNull();
      view.unmount();
    }
  });

  it('asks no billing of a role that does not read it, and says who does', async () => {
    const { calls } = await openDetails({ ...ACCOUNT, role: 'viewer' });
    expect(
      screen.getByText(/billing is read by its Owners, Admins and Finance; you are its Viewer/),
    ).toBeVisible();
    expect(calls.some((call) => call.url.pathname.endsWith('/billing'))).toBe(false);
  });

  it('shows Finance, who buys nothing, the company’s pay-by-bill figures and none of its own', async () => {
    const finance = { ...ACCOUNT, role: 'finance' as const, credit_limit: '0.00' };
    const { figures } = await openBilling(finance, {
      ...BILLING,
      pay_by_bill_limit: '0.00',
      unpaid_pay_by_bill: '0.00',
      available_to_pay_by_bill: '0.00',
    });
    expect(Object.keys(figures)).toEqual([
      'Credit balance',
      "Northwind Outdoor Ltd's pay-by-bill limit",
      "Northwind Outdoor Ltd's unpaid pay-by-bill orders",
    ]);
    expect(figures["Northwind Outdoor Ltd's pay-by-bill limit"]![0]).toBe('€10,000.00');
    expect(figures["Northwind Outdoor Ltd's unpaid pay-by-bill orders"]![0]).toBe('€820.50');
    const item = within(screen.getByRole('list', { name: 'Company accounts' })).getByRole(
      'listitem',
    );
    expect(item).not.toHaveTextContent('€0.00');
  });

  it('tells a Buyer that the figures above are theirs to pay with, not that they see no billing', async () => {
    await openDetails({ ...ACCOUNT, role: 'buyer' });
    expect(
      screen.getByText(
        "The company's billing is read by its Owners, Admins and Finance. As its Buyer you see the figures above, which pay for what you buy at checkout.",
      ),
    ).toBeVisible();
  });

  it('says checkout buys for the current company only to a member who buys', () => {
    mockApi(() => jsonResponse({}));
    const { unmount } = renderOnRoute(
      <CompanyAccounts
        accounts={[{ ...ACCOUNT, role: 'viewer' }]}
        isPending={false}
        error={null}
        onRetry={() => {}}
      />,
    );
    expect(screen.queryByText(/checkout buys/)).toBeNull();
    unmount();
    renderOnRoute(
      <CompanyAccounts accounts={[ACCOUNT]} isPending={false} error={null} onRetry={() => {}} />,
    );
    expect(screen.getByText(/and checkout buys for the current one\./)).toBeVisible();
  });
});
