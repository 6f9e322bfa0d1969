import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { Component as CompaniesCreate } from './companies-create.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a company change request for an account the link does not name rightly', () => {
  it('says the account is not found and leads back, without asking the server', async () => {
    const { calls } = mockApi(() => jsonResponse({ data: [] }));
    renderOnRoute(<CompaniesCreate />, '/companies/create?account=x', '/companies/create');
    expect(await screen.findByText('Company account not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to companies' })).toHaveAttribute(
      'href',
      '/companies',
    );
    expect(calls.some((call) => call.url.pathname.includes('/x'))).toBe(false);
  });

  it('says the same when the server knows no such account', async () => {
    mockApi((call) =>
      call.url.pathname.includes('00000000-0000-4000-8000-000000000999')
        ? jsonResponse({ code: 404, message: 'Company not found.' }, 404)
        : jsonResponse({ data: [] }),
    );
    renderOnRoute(
      <CompaniesCreate />,
      '/companies/create?account=00000000-0000-4000-8000-000000000999',
      '/companies/create',
    );
    expect(await screen.findByText('Company account not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
  });
});
