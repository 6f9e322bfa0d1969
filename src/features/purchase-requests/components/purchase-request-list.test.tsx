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
  return (call: Call) => {
    calls.push(call);
    const path = call.url.pathname;
    if (path === '/api/v1/buyer/purchase-requests') {
      return jsonResponse({ data: [pending], pagination: { page: 1, limit: 50, total: 1 } });
    }
    if (path.endsWith('/approval')) {
      return jsonResponse({ ...pending, status: 'approved', can_decide: false });
    }
    if (path.endsWith('/decline')) {
      return jsonResponse({ ...pending, status: 'declined', can_decide: false });
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

  it('declines only with a reason', async () => {
    const user = userEvent.setup();
    const calls: Call[] = [];
    mockApi(api(calls));
    render();
    const decline = await screen.findByRole('button', { name: 'Decline PR-1001' });
    expect(decline).toBeDisabled();
    await user.type(screen.getByLabelText('Reason to decline'), 'Not this quarter');
    await user.click(decline);
    await waitFor(() => {
      const sent = calls.find((c) => c.url.pathname.endsWith('/decline'));
      expect(sent?.body).toEqual({ reason: 'Not this quarter' });
    });
  });
});
