import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { MemberRole } from '#contract/permissions.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { type Call, jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { makeBuyerProfileAs } from '#src/test-utils/factories.ts';
import { createTestQueryClient, renderRoutes } from '#src/test-utils/render.tsx';

import { Component as AuditLog } from './audit-log.tsx';
import { Component as Checkout } from './checkout.tsx';
import { Component as ContentGuidelines } from './content-guidelines.tsx';
import { Component as Domains } from './domains.tsx';
import { Component as Members } from './members.tsx';
import { Component as PurchaseRequests } from './purchase-requests.tsx';
import { Component as SiteDetail } from './site-detail.tsx';

interface GuardedPage {
  name: string;
  Page: ComponentType;
  path: string;
  address: string;
  /** A role that lacks the page's permission, and the refusal it reads. */
  refused: { role: MemberRole; text: RegExp };
  /** A role that holds it, and the request its page makes. */
  allowed: { role: MemberRole; request: RegExp };
}

const BUYING_REFUSAL = /for the members who buy: Owners, Admins and Buyers/;

const PAGES: GuardedPage[] = [
  {
    name: 'Domains',
    Page: Domains,
    path: '/domains',
    address: '/domains',
    refused: { role: 'finance', text: BUYING_REFUSAL },
    allowed: { role: 'buyer', request: /\/v1\/buyer\/domains/ },
  },
  {
    name: 'Content guidelines',
    Page: ContentGuidelines,
    path: '/content-guidelines',
    address: '/content-guidelines',
    refused: { role: 'viewer', text: BUYING_REFUSAL },
    allowed: { role: 'owner', request: /content-guidelines/ },
  },
  {
    name: 'Checkout',
    Page: Checkout,
    path: '/checkout',
    address: '/checkout',
    refused: { role: 'finance', text: /The cart and the checkout are for the members who buy/ },
    allowed: { role: 'buyer', request: /\/v1\/buyer\/shopping-carts/ },
  },
  {
    name: 'Site details',
    Page: SiteDetail,
    path: '/sites/:id',
    address: '/sites/00000000-0000-4000-8000-000000000abc',
    refused: { role: 'viewer', text: /The catalogue of sites is for the members who buy/ },
    allowed: { role: 'admin', request: /\/v1\/buyer\/sites\// },
  },
  {
    name: 'Purchase requests',
    Page: PurchaseRequests,
    path: '/purchase-requests',
    address: '/purchase-requests',
    refused: { role: 'buyer', text: /Only an Owner or an Admin .* approves or declines/ },
    allowed: { role: 'admin', request: /\/v1\/buyer\/purchase-requests/ },
  },
  {
    name: 'Members',
    Page: Members,
    path: '/members',
    address: '/members',
    refused: { role: 'finance', text: /Only an Owner or an Admin .* manages its members/ },
    allowed: { role: 'owner', request: /\/v1\/buyer\/members/ },
  },
  {
    name: 'Audit log',
    Page: AuditLog,
    path: '/audit-log',
    address: '/audit-log',
    refused: { role: 'viewer', text: /Only an Owner or an Admin .* reads its audit log/ },
    allowed: { role: 'admin', request: /\/v1\/buyer\/audit-events/ },
  },
];

const notFound = (_call: Call) =>
  jsonResponse({ code: 404, message: 'Not found', violations: [] }, 404);

function renderPage(page: GuardedPage, role: MemberRole | null) {
  const queryClient = createTestQueryClient();
  if (role) queryClient.setQueryData(profileQueries.detail().queryKey, makeBuyerProfileAs(role));
  return renderRoutes([{ path: page.path, element: <page.Page /> }], {
    initialEntries: [page.address],
    queryClient,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe.each(PAGES)('$name opened by a role that may not use it', (page) => {
  it('says why, offers no retry and makes no request', async () => {
    const { calls } = mockApi(notFound);
    renderPage(page, page.refused.role);
    expect(await screen.findByText(page.refused.text)).toBeVisible();
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    expect(screen.queryByText(/something went wrong/i)).toBeNull();
    // Lazily loaded parts would ask after a tick: wait one before counting.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('is shown to a role that may use it', async () => {
    const { calls } = mockApi(notFound);
    renderPage(page, page.allowed.role);
    await waitFor(() =>
      expect(calls.some((call) => page.allowed.request.test(call.url.pathname))).toBe(true),
    );
    expect(screen.queryByText(page.refused.text)).toBeNull();
  });

  it('waits for the role before choosing, so no refusal flashes by', async () => {
    const { calls } = mockApi(notFound);
    renderPage(page, null);
    expect(await screen.findByRole('status', { name: /^Loading/ })).toBeVisible();
    expect(screen.queryByText(page.refused.text)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });
});
