import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { profileQueries } from '#src/features/profile/api/queries.ts';
import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import {
  COMPANY_ID,
  makeBuyerProfile,
  makeBuyerProfileAs,
  makeOrder,
} from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { OrdersSection } from './orders-section.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const profile = makeBuyerProfile({ first_name: 'Dana' });

function serve(orders = [makeOrder()]) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/v1/buyer/profiles') return jsonResponse(profile);
    if (call.url.pathname === '/api/v1/buyer/orders')
      return jsonResponse({
        data: orders,
        pagination: { page: 1, limit: 25, total: orders.length },
      });
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  });
}

describe('orders list', () => {
  it('lists the orders with their columns and a View link', async () => {
    const { calls } = serve([
      makeOrder({
        status: 'completed',
        links_amount: 3,
        cancelled_links_amount: 1,
        live_links_amount: 2,
        po_number: 'PO-42',
        payment: { status: 'pending_payment', method: 'bank_transfer' },
      }),
    ]);
    const user = userEvent.setup();
    const { router } = renderOnRoute(<OrdersSection />, '/orders', '/orders');
    expect(screen.getByRole('heading', { name: 'Your orders' })).toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: '100001' })).closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('PO-42')).toBeInTheDocument();
    expect(cells.getByText('03/11/2026')).toBeInTheDocument();
    expect(cells.getByText('Completed')).toBeInTheDocument();
    expect(cells.getByText('Acme GmbH')).toBeInTheDocument();
    expect(cells.getByText('3 (1 cancelled)')).toBeInTheDocument();
    // The payment status, worded as the order's page words it.
    expect(screen.getByRole('columnheader', { name: /Payment status/ })).toBeInTheDocument();
    expect(cells.getByText('Pending payment')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    const list = calls.find((c) => c.url.pathname === '/api/v1/buyer/orders')!;
    expect(list.url.searchParams.get('sorting[created_at]')).toBe('DESC');

    await user.click(cells.getByRole('link', { name: /View/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/orders/00000000-0000-4000-8000-000000000100'),
    );
  });

  it("leaves an order's PO number out of its phone card when it has none", async () => {
    serve([makeOrder({ po_number: null })]);
    renderOnRoute(<OrdersSection />, '/orders', '/orders');
    const row = (await screen.findByRole('rowheader', { name: '100001' })).closest('tr')!;
    const headers = [...screen.getAllByRole('columnheader')].map((h) => h.textContent);
    const poCell = row.children[headers.findIndex((text) => text?.includes('PO number'))]!;
    expect(poCell).toHaveTextContent(/^$/);
    expect(poCell).toHaveClass('max-md:sr-only');
    const company = within(row).getByRole('cell', { name: 'Acme GmbH' });
    expect(company).not.toHaveClass('max-md:sr-only');
  });

  it('says when there are no entries', async () => {
    serve([]);
    renderOnRoute(<OrdersSection />, '/orders', '/orders');
    expect(await screen.findByText('No entries found')).toBeInTheDocument();
    expect(screen.getByText('No orders to show')).toBeInTheDocument();
  });

  it('refuses a price range whose min is above its max and keeps filters in the address', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    const { router } = renderOnRoute(<OrdersSection />, '/orders', '/orders');
    await screen.findByRole('rowheader', { name: '100001' });
    await user.type(screen.getByLabelText('Order price min'), '50');
    await user.type(screen.getByLabelText('Order price max'), '10');
    const max = screen.getByLabelText('Order price max');
    const message = screen.getByText('The minimum must not be above the maximum.');
    expect(max.getAttribute('aria-describedby')).toContain(message.id);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('');

    await user.clear(max);
    await user.type(max, '500');
    await user.selectOptions(screen.getByLabelText('Order status'), 'processing');
    await user.selectOptions(await screen.findByLabelText('Company'), COMPANY_ID);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('filter[order_price][min]')).toBe('50');
      expect(search.get('filter[order_price][max]')).toBe('500');
      expect(search.getAll('filter[status][]')).toEqual(['processing']);
      expect(search.getAll('filter[company][]')).toEqual([COMPANY_ID]);
    });
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('filter[order_price][max]') === '500')).toBe(
        true,
      ),
    );
  });

  it('marks an order with unread messages beside its number, and no other', async () => {
    serve([
      makeOrder({ unread_messages: 2 }),
      makeOrder({ id: '00000000-0000-4000-8000-000000000101', number: '100002' }),
    ]);
    renderOnRoute(<OrdersSection />, '/orders', '/orders');
    const unread = await screen.findByRole('rowheader', { name: '100001 2 unread messages' });
    expect(within(unread).getByText(/2 unread/)).toBeVisible();
    const read = screen.getByRole('rowheader', { name: '100002' });
    expect(read).not.toHaveTextContent('unread');
  });

  it('filters to the orders with unread messages, says when none has any, and resets', async () => {
    const { calls } = serve([]);
    const user = userEvent.setup();
    const { router } = renderOnRoute(<OrdersSection />, '/orders', '/orders');
    await screen.findByText('No entries found');
    await user.selectOptions(screen.getByLabelText('Messages'), 'Unread messages');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('filter[messages]')).toBe(
        'unread',
      ),
    );
    await waitFor(() =>
      expect(calls.at(-1)!.url.searchParams.get('filter[messages]')).toBe('unread'),
    );
    expect(await screen.findByText('No orders with unread messages.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Messages')).toHaveValue('');
    expect(calls.at(-1)!.url.searchParams.has('filter[messages]')).toBe(false);
  });

  it('sorts by a column from its menu', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderOnRoute(<OrdersSection />, '/orders', '/orders');
    await screen.findByRole('rowheader', { name: '100001' });
    await user.click(screen.getByRole('button', { name: 'Column options for Total' }));
    // The menu's code loads on first use: it opens a moment after the click.
    await user.click(await screen.findByRole('menuitem', { name: 'Sort ascending' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('sorting[price]')).toBe('ASC'),
    );
  });

  it('hides a column and restores it from the column chooser', async () => {
    serve();
    const user = userEvent.setup();
    renderOnRoute(<OrdersSection />, '/orders', '/orders');
    await screen.findByRole('rowheader', { name: '100001' });
    await user.click(screen.getByRole('button', { name: 'Column options for PO number' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide column' }));
    expect(screen.queryByRole('columnheader', { name: /PO number/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Columns \(1 hidden\)/ }));
    const showAll = await screen.findByRole('button', { name: 'Show all columns' });
    await user.click(showAll);
    // Nothing left to show: the button says so but keeps the focus.
    expect(showAll).toHaveAttribute('aria-disabled', 'true');
    expect(showAll).toHaveFocus();
    expect(screen.getByRole('columnheader', { name: /PO number/ })).toBeInTheDocument();
  });
});

describe('orders list for a Viewer of a company that hides prices from Viewers', () => {
  const viewer = (seesPrices: boolean) => {
    const base = makeBuyerProfileAs('viewer');
    return {
      ...base,
      accounts: base.accounts.map((account) => ({ ...account, sees_prices: seesPrices })),
    };
  };
  const renderAs = (seesPrices: boolean, address = '/orders') =>
    renderOnRoute(<OrdersSection />, address, '/orders', (queryClient) =>
      queryClient.setQueryData(profileQueries.detail().queryKey, viewer(seesPrices)),
    );

  it('offers no price range nor sorting by price, and drops them from a shared address', async () => {
    const { calls } = serve([makeOrder({ price: null, vat: null, price_with_vat: null })]);
    const user = userEvent.setup();
    const { router } = renderAs(
      false,
      '/orders?filter[order_price][min]=1000&sorting[price]=ASC&filter[search]=100001',
    );
    await screen.findByRole('rowheader', { name: '100001' });
    expect(screen.queryByLabelText('Order price min')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Order price max')).not.toBeInTheDocument();
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('filter[order_price][min]')).toBeNull();
      expect(search.get('sorting[price]')).toBeNull();
      expect(search.get('filter[search]')).toBe('100001');
    });
    const asked = calls.filter((c) => c.url.pathname === '/api/v1/buyer/orders');
    expect(asked.length).toBeGreaterThan(0);
    for (const call of asked) {
      expect(call.url.searchParams.get('filter[order_price][min]')).toBeNull();
      expect(call.url.searchParams.get('sorting[price]')).toBeNull();
    }
    await user.click(screen.getByRole('button', { name: 'Column options for Total' }));
    await screen.findByRole('menuitem', { name: 'Hide column' });
    expect(screen.queryByRole('menuitem', { name: 'Sort ascending' })).not.toBeInTheDocument();
  });

  it('offers a Viewer who sees the prices the price range', async () => {
    serve();
    renderAs(true);
    await screen.findByRole('rowheader', { name: '100001' });
    expect(screen.getByLabelText('Order price min')).toBeInTheDocument();
    expect(screen.getByLabelText('Order price max')).toBeInTheDocument();
  });
});
