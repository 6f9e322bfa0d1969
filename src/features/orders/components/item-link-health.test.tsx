import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { OrderItem } from '#contract/order-items.ts';
import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { COMPANY_ID, makeOrder, makeOrderItem, ORDER_ID } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';
import { formatDateTime } from '#src/utils/format.ts';

import type { RenderLinkHealthDialog } from './link-health-slot.ts';
import { OrderDetail } from './order-detail.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const LIVE_ID = '00000000-0000-4000-8000-000000000401';

function serve(items: OrderItem[]) {
  return mockApi((call) => {
    const path = call.url.pathname;
    if (path === `/api/v1/buyer/orders/${ORDER_ID}`) return jsonResponse(makeOrder());
    if (path === `/api/v1/buyer/orders/${ORDER_ID}/items`)
      return jsonResponse({ data: items, pagination: { page: 1, limit: 25, total: items.length } });
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  });
}

const items = [
  makeOrderItem({
    id: LIVE_ID,
    number: '100001-1',
    status: 'live_link',
    live_link: 'https://news.example.com/post',
    link_health: {
      status: 'issue',
      last_checked_at: '2026-11-20T08:30:00Z',
      last_outcome: 'link_missing',
    },
  }),
  makeOrderItem({
    id: '00000000-0000-4000-8000-000000000402',
    number: '100001-2',
    status: 'live_link',
    live_link: 'https://news.example.com/other',
    link_health: { status: 'pending', last_checked_at: null, last_outcome: null },
  }),
  makeOrderItem({ id: '00000000-0000-4000-8000-000000000403', number: '100001-3' }),
];

const cell = (number: string) => {
  const row = screen.getByRole('rowheader', { name: new RegExp(number) }).closest('tr')!;
  const index = screen
    .getAllByRole('columnheader')
    .findIndex((header) => header.textContent?.includes('Link health'));
  return row.querySelectorAll('th, td')[index] as HTMLElement;
};

describe('the order items’ link health column', () => {
  it('shows each live link’s health and last check, and opens its dialog', async () => {
    serve(items);
    const opened: { id: string; number: string; orderId: string }[] = [];
    const renderLinkHealthDialog: RenderLinkHealthDialog = ({ item, open, onClose }) =>
      open ? (
        <div role="dialog" aria-label={`Dialog of ${item.number}`}>
          {(opened.push(item), null)}
          <button type="button" onClick={onClose}>
            Close it
          </button>
        </div>
      ) : null;
    const user = userEvent.setup();
    renderOnRoute(
      <OrderDetail id={ORDER_ID} renderLinkHealthDialog={renderLinkHealthDialog} />,
      `/orders/${ORDER_ID}`,
      '/orders/:id',
    );
    await screen.findByRole('rowheader', { name: /100001-1/ });
    expect(screen.getByRole('columnheader', { name: /Link health/ })).toBeInTheDocument();
    const live = within(cell('100001-1'));
    expect(live.getByText('Issue open')).toBeInTheDocument();
    expect(
      live.getByText(`Last checked ${formatDateTime('2026-11-20T08:30:00Z')}`),
    ).toBeInTheDocument();
    expect(within(cell('100001-2')).getByText('Not checked yet')).toBeInTheDocument();
    // An item that is not live has no link to check.
    expect(cell('100001-3')).toHaveTextContent('');

    await user.click(
      live.getByRole('button', {
        name: `Link health of item 100001-1: Issue open Last checked ${formatDateTime('2026-11-20T08:30:00Z')}`,
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Dialog of 100001-1' })).toBeInTheDocument();
    expect(opened.at(-1)).toEqual({
      id: LIVE_ID,
      number: '100001-1',
      orderId: ORDER_ID,
      companyId: COMPANY_ID,
    });
    await user.click(screen.getByRole('button', { name: 'Close it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the health without a way to the dialog when the page has none', async () => {
    serve(items);
    renderOnRoute(<OrderDetail id={ORDER_ID} />, `/orders/${ORDER_ID}`, '/orders/:id');
    await screen.findByRole('rowheader', { name: /100001-1/ });
    expect(within(cell('100001-1')).getByText('Issue open')).toBeInTheDocument();
    expect(
      within(cell('100001-1')).queryByRole('button', { name: /Link health of item/ }),
    ).not.toBeInTheDocument();
  });
});
