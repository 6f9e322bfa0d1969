import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type * as Env from '#src/config/env.ts';
import { type Call, jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { makeSite } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { CatalogueSection } from './catalogue-section.tsx';

vi.mock('../../../config/env.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Env>()),
  ADDITIONAL_FILTERS_ENABLED: false,
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const BUYER_DOMAIN = '11111111-1111-4111-8111-111111111111';

describe('with additional filters disabled', () => {
  it('hides the competitors and backlink columns, filters and sorting even with a buyer domain', async () => {
    const { calls } = mockApi((call: Call) =>
      call.url.pathname === '/api/v1/buyer/sites'
        ? jsonResponse({ data: [makeSite()], pagination: { page: 1, limit: 25, total: 1 } })
        : jsonResponse({ data: [] }),
    );
    renderOnRoute(
      <CatalogueSection />,
      `/?filter[buyer_domain]=${BUYER_DOMAIN}&filter[competitors]=true&sorting[is_back_linked]=ASC`,
    );
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    expect(screen.queryByRole('columnheader', { name: /Competitors/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Backlinked/ })).not.toBeInTheDocument();
    const sent = decodeURIComponent(
      calls.find((c) => c.url.pathname === '/api/v1/buyer/sites')!.url.search,
    );
    expect(sent).not.toContain('competitors');
    expect(sent).not.toContain('is_back_linked');
    await userEvent.click(screen.getByRole('button', { name: /^Filters(, \d+ active)?$/ }));
    await waitFor(() => expect(screen.getByLabelText('Favorite sites')).toBeInTheDocument());
    expect(screen.queryByLabelText('Links to my competitors')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Already links to my domain')).not.toBeInTheDocument();
  });
});
