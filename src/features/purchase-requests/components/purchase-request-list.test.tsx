import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { PurchaseRequest } from '#contract/purchase-requests.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { renderRoutes } from '#src/test-utils/render.tsx';

import { PurchaseRequestList } from './purchase-request-list.tsx';

const pending: PurchaseRequest = {
  id: '00000000-0000-4000-8000-0000000b0001',
  number: 'PR-1001',
  status: 'pending',
  company: { id: '00000000-0000-4000-8000-0000000e0001', title: 'Acme Ltd' },
  requester: { id: '00000000-0000-4000-8000-0000000c0001', name: 'Bea Buyer' },
  created_at: '2026-11-22T10:00:00Z',
  price: '250.00',
  items_amount: 1,
  payment_method: 'credits',
  po_number: null,
  invoice_emails: ['billing@acme.example'],
  lines: [
    {
      site: { id: '00000000-0000-4000-8000-0000000d0001', hostname: 'news.example' },
      buyer_domain: 'acme.example',
      content_product_plan: null,
      anchor_text: 'boots',
      target_url: 'https://acme.example/boots',
      price: '250.00',
      content_price: '0.00',
    },
  ],
  decided_by: null,
  decided_at: null,
  decline_reason: null,
  order: null,
  can_decide: true,
};

function api(calls: Call[]) {
  // The list answers with the request as last decided.
  let current: PurchaseRequest = pending;
  return (call: Call) => {
    calls.push(call);
    const path = call.url.pathname;
    if (path === '/api/v1/buyer/purchase-requests') {
      return jsonResponse({ data: [current], pagination: { page: 1, limit: 50, total: 1 } });
    }
    if (path.endsWith('/approval')) {
      current = { ...pending, status: 'approved', can_decide: false };
      return jsonResponse(current);
    }
    if (path.endsWith('/decline')) {
      const { reason } = call.body as { reason: string };
      current = { ...pending, status: 'declined', decline_reason: reason, can_decide: false };
      return jsonResponse(current);
    }
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  };
}

const render = () =>
  renderRoutes(
    [{ path: '/', element: <PurchaseRequestList view="to_decide" headingLevel={2} /> }],
    {
      initialEntries: ['/'],
    },
  );

beforeEach(() => setOnline(true));

describe('purchase requests to decide', () => {
  it('lists a pending request with its lines and approves it once with a key', async () => {
    const user = userEvent.setup();
    const calls: Call[] = [];
    mockApi(api(calls));
    render();
    await screen.findByText(/news\.example/);
    expect(screen.getByRole('heading', { level: 2, name: 'PR-1001' })).toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('view')).toBe('to_decide');
    await user.click(screen.getByRole('button', { name: 'Approve PR-1001' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/approval'))).toBe(true));
    const approval = calls.find((c) => c.url.pathname.endsWith('/approval'));
    expect(approval?.method).toBe('POST');
    expect(approval?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('declines only with a reason: without one the field says so and takes focus', async () => {
    const user = userEvent.setup();
    const calls: Call[] = [];
    mockApi(api(calls));
    render();
    const reason = await screen.findByRole('textbox', { name: 'Reason to decline' });
    expect(reason).toHaveAccessibleDescription(/Needed to decline/);
    // The button is reached with Tab, and pressing it without a reason sends nothing.
    const decline = screen.getByRole('button', { name: 'Decline PR-1001' });
    expect(decline).toBeEnabled();
    decline.focus();
    await user.keyboard('{Enter}');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Say why the request is declined\./);
    expect(calls.some((c) => c.url.pathname.endsWith('/decline'))).toBe(false);

    await user.type(reason, 'Not this quarter');
    expect(reason).not.toHaveAttribute('aria-invalid');
    await user.tab();
    await user.tab();
    expect(decline).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      const sent = calls.find((c) => c.url.pathname.endsWith('/decline'));
      expect(sent?.body).toEqual({ reason: 'Not this quarter' });
    });
    // The buttons go with the decision; focus moves to the request's status, not the page.
    const status = await screen.findByText('Declined', { exact: true });
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Decline PR-1001' })).toBeNull();
  });

  it('moves focus to the request’s status once it is approved', async () => {
    const user = userEvent.setup();
    mockApi(api([]));
    render();
    (await screen.findByRole('button', { name: 'Approve PR-1001' })).focus();
    await user.keyboard('{Enter}');
    const status = await screen.findByText('Approved', { exact: true });
    await waitFor(() => expect(status).toHaveFocus());
  });
});
